import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths';

/** Saves a deliberate screenshot to artifacts/screenshots/<name>.png (evidence, not a failure artifact). */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return file;
}
