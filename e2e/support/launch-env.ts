import fs from 'node:fs';
import path from 'node:path';
import type { TestDirs } from '../../server/test/test-dirs';

/** Prefix of the one stdout line launch-server prints when it is listening. */
export const READY_PREFIX = 'CUI_E2E_READY ';

/** The temporary directories of one e2e server (the integration tests' TestDirs). */
export type E2eDirs = TestDirs;

/** Reads the directories the fixture passed through the environment; every one must be set. */
export function requiredEnvDirs(env: NodeJS.ProcessEnv): Omit<E2eDirs, 'root'> {
  const read = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`launch-server: ${name} must be set`);
    return value;
  };
  return { home: read('HOME'), claudeConfigDir: read('CLAUDE_CONFIG_DIR'), cuiHome: read('CUI_HOME'), tmp: read('TMPDIR'), work: read('CUI_E2E_WORK') };
}

/** The auth token buildApp generated into CUI_HOME/config.json on first start. */
export function readAuthToken(cuiHome: string): string {
  const config = JSON.parse(fs.readFileSync(path.join(cuiHome, 'config.json'), 'utf8')) as { authToken?: unknown };
  if (typeof config.authToken !== 'string') throw new Error('launch-server: config.json has no authToken');
  return config.authToken;
}

/** Extra environment for CLI children from the fixture's `childEnv` option (CUI_E2E_CHILD_ENV, a JSON object of strings). */
export function extraChildEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const raw = env.CUI_E2E_CHILD_ENV;
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((value) => typeof value !== 'string')) {
    throw new Error('launch-server: CUI_E2E_CHILD_ENV must be a JSON object of strings');
  }
  return parsed as Record<string, string>;
}
