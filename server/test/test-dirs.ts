import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * Temporary stand-ins for the user's directories, shared by the integration tests (helpers.ts) and the e2e harness.
 * No server imports here: the Playwright runner loads this file.
 */

/** Temporary directories that stand in for the user's home, ~/.claude, ~/.cui and TMPDIR. */
export interface TestDirs {
  root: string;
  home: string;
  claudeConfigDir: string;
  cuiHome: string;
  tmp: string;
  /** A scratch working directory for runs. */
  work: string;
}

export function makeTestDirs(prefix = 'cui-test-'): TestDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dirs: TestDirs = {
    root,
    home: path.join(root, 'home'),
    claudeConfigDir: path.join(root, 'home', '.claude'),
    cuiHome: path.join(root, 'cui'),
    tmp: path.join(root, 'tmp'),
    work: path.join(root, 'work'),
  };
  for (const dir of [dirs.home, dirs.claudeConfigDir, dirs.cuiHome, dirs.tmp, dirs.work]) fs.mkdirSync(dir, { recursive: true });
  return dirs;
}

/** The environment every CLI child gets in tests: isolated dirs, no nonessential traffic, the fake model. */
export function testChildEnv(dirs: Pick<TestDirs, 'home' | 'claudeConfigDir' | 'tmp'>, anthropicBaseUrl?: string): Record<string, string | undefined> {
  return {
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
    TMPDIR: dirs.tmp,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    ANTHROPIC_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: anthropicBaseUrl ?? 'http://127.0.0.1:9',
  };
}
