import fs from 'node:fs';
import { makeTestDirs } from '../../server/test/test-dirs';
import type { E2eDirs } from './launch-env';

export type { E2eDirs } from './launch-env';

/** Fresh temporary HOME, CLAUDE_CONFIG_DIR (HOME/.claude), CUI_HOME, TMPDIR and a work directory. */
export function makeE2eDirs(prefix = 'cui-e2e-'): E2eDirs {
  return makeTestDirs(prefix);
}

export function removeE2eDirs(dirs: E2eDirs): void {
  fs.rmSync(dirs.root, { recursive: true, force: true });
}

/** The environment of the server process: the temp dirs, no nonessential traffic from the CLI. */
export function serverEnv(dirs: E2eDirs, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...base,
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
    CUI_HOME: dirs.cuiHome,
    TMPDIR: dirs.tmp,
    CUI_E2E_WORK: dirs.work,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}
