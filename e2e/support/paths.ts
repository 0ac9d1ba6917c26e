import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (e2e/support/../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where deliberate screenshots go (spec evidence), kept out of test-results. */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'artifacts/screenshots');
