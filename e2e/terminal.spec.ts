import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The integrated terminal (issue 25): open one from home in a trusted folder, run a command, reload and see the same
 * screen repainted; at phone width the key bar's ^C interrupts a running command and the line field sends a line.
 */

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

/** The terminal's visible text (xterm 6 renders rows to the DOM with non-breaking spaces). */
const screenText = async (page: Page): Promise<string> => ((await page.locator('.xterm-rows').first().textContent()) ?? '').replace(/\u00a0/g, ' ');

test('opens a terminal in a trusted folder, survives a reload, and the phone key bar sends Ctrl+C', async ({ loggedInPage: page, cui }) => {
  expect((await cui.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: cui.dirs.work }) })).status).toBe(200);
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'Terminal' }).click();
  await page.waitForURL(/\/terminal$/);
  await page.getByLabel('Folder').fill(cui.dirs.work);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('tab', { name: '1: work' })).toBeVisible();
  // Desktop: the terminal took the focus itself (a fine pointer); keystrokes go to the shell.
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea'))).toBe(true);
  await page.keyboard.type('echo browser-$((6*7))\n');
  await expect.poll(() => screenText(page)).toContain('browser-42');

  await page.reload();
  await expect.poll(() => screenText(page)).toContain('browser-42');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('toolbar', { name: 'Terminal keys' })).toBeVisible();
  const line = page.getByLabel('Line to send');
  await line.fill('sleep 120');
  await line.press('Enter');
  await page.getByRole('button', { name: 'Ctrl+C' }).click();
  await line.fill('echo after-$((1+1))');
  await line.press('Enter');
  // Only an interrupted sleep lets the echo run within the wait.
  await expect.poll(() => screenText(page), { timeout: 20_000 }).toContain('after-2');
  await expect(page.getByRole('tab', { name: '1: work' })).toBeVisible();
});
