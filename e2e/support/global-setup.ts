import { ensureWebBuild } from './web-build';

/** Builds the web app once per run; workers read the directory from CUI_E2E_WEB_DIR. */
export default function globalSetup(): void {
  process.env.CUI_E2E_WEB_DIR = ensureWebBuild();
}
