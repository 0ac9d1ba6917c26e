import { bundleLaunchServer, removeServerBundle } from './server-bundle';
import { ensureWebBuild } from './web-build';

/**
 * Once per run: builds the web app (CUI_E2E_WEB_DIR) and bundles the server launcher (CUI_E2E_LAUNCHER);
 * workers inherit both through the environment. The returned function is the global teardown.
 */
export default async function globalSetup(): Promise<() => void> {
  process.env.CUI_E2E_WEB_DIR = ensureWebBuild();
  const launcher = await bundleLaunchServer();
  process.env.CUI_E2E_LAUNCHER = launcher;
  return () => removeServerBundle(launcher);
}
