import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries and size rules of eslint.config.js fire on planted violations (scripts/lint-fixtures/, a small tree
 * shaped like the repository, ignored by `npm run lint`) and stay quiet on a clean file (issue 22 points 2 and 4).
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(REPO, 'scripts/lint-fixtures');

describe('lint rules', () => {
  const rulesOf = new Map<string, string[]>();

  beforeAll(async () => {
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: path.join(REPO, 'eslint.config.js'), ignore: false });
    for (const result of await eslint.lintFiles(['.'])) {
      rulesOf.set(path.relative(FIXTURES, result.filePath), result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`));
    }
  }, 60_000);

  it('a cli file importing a feature fails', () => {
    expect(rulesOf.get('server/src/cli/imports-feature.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('a platform file importing a feature fails', () => {
    expect(rulesOf.get('server/src/platform/imports-feature.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('both files of a two-file import cycle fail', () => {
    expect(rulesOf.get('server/src/cycle-a.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesOf.get('server/src/cycle-b.ts')).toEqual(['import-x/no-cycle']);
  });

  it('a web file importing server code fails (by path pattern and by resolved path)', () => {
    expect(rulesOf.get('web/src/imports-server.ts')).toEqual(['no-restricted-imports', 'import-x/no-restricted-paths']);
  });

  it('a function of 100 lines fails', () => {
    expect(rulesOf.get('server/src/long-function.ts')).toEqual(['max-lines-per-function']);
  });

  it('a clean file, and the feature the violations import, pass', () => {
    expect(rulesOf.get('server/src/clean.ts')).toEqual([]);
    expect(rulesOf.get('server/src/features/demo/index.ts')).toEqual([]);
  });
});
