import path from 'node:path';
import type { TestDirs } from './test-dirs';

/** The repository, where `npm start` and scripts/start.mjs run. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The environment of `npm start` in a test: the pinned Node first on PATH, the test's directories, no telemetry. */
export function launcherEnv(dirs: TestDirs): Record<string, string> {
  return {
    PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    CUI_HOME: dirs.cuiHome,
    CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}
