import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { bundleLaunchServer, removeServerBundle } from './server-bundle';
import { ensureWebBuild } from './web-build';

/**
 * Once per run: builds the web app (CUI_E2E_WEB_DIR) and bundles the server launcher (CUI_E2E_LAUNCHER);
 * workers inherit both through the environment. The returned function is the global teardown.
 */
const DAY_MS = 86_400_000;

/** Drops other runs' output directories (test-results/run-*) older than a day. */
function pruneOldRunOutputs(): void {
  const dir = path.join(REPO_ROOT, 'test-results');
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name.startsWith('run-') && Date.now() - fs.statSync(full).mtimeMs > DAY_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

export default async function globalSetup(): Promise<() => void> {
  pruneOldRunOutputs();
  process.env.CUI_E2E_WEB_DIR = ensureWebBuild();
  const launcher = await bundleLaunchServer();
  process.env.CUI_E2E_LAUNCHER = launcher;
  return () => removeServerBundle(launcher);
}
