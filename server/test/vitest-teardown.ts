import fs from 'node:fs';

/** Global setup of the vitest run: removes the run's temporary directory (vitest.config.ts makes it) at the end. */
export default function setup(): () => void {
  return () => {
    const dir = process.env.CUI_VITEST_TMP;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
