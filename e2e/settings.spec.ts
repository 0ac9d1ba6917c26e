import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';
import { seedTranscripts, type SeedTranscript } from './support/transcripts';

const SEEDS: SeedTranscript[] = ['8d0f7c1e-3b2a-4c5d-9e6f-7a8b9c0d1e2f', '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'].map((sessionId, index) => ({
  sessionId,
  cwd: 'repo-a',
  messages: [
    { role: 'user', content: `task number ${index + 1}` },
    { role: 'assistant', content: 'Done.' },
  ],
}));

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(settingsDialog(page)).toBeVisible();
  return settingsDialog(page);
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('Settings dialog', () => {
  test('opens from the header button, its tabs switch, and the theme select changes the page live', async ({ loggedInPage: page, cui }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const button = page.getByRole('button', { name: 'Settings', exact: true });
    await button.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Settings');

    const dialog = await openSettings(page);
    await expect(dialog).toHaveAttribute('data-placement', 'center');
    await expect(dialog.getByRole('tab')).toHaveText(['General', 'Notifications', 'Data controls', 'Voice Input', 'Model Provider']);

    const html = page.locator('html');
    const theme = dialog.getByRole('combobox', { name: 'Theme' });
    await expect(theme).toHaveValue('system');
    await theme.selectOption({ label: 'Dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveClass(/\bdark\b/);
    await saveScreenshot(page, 'settings-general-dark');
    await theme.selectOption({ label: 'Light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('cui-theme'))).toBe('light');
    await expect.poll(async () => (await (await cui.api('/api/config')).json()).interface.colorScheme).toBe('light');

    await dialog.getByRole('tab', { name: 'Data controls' }).click();
    await expect(dialog.getByRole('button', { name: 'Archive All Sessions' })).toBeVisible();
    await expect(theme).toBeHidden();
    await dialog.getByRole('tab', { name: 'General' }).click();
    await expect(theme).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('at 375 px it is a bottom sheet, and dragging its handle down 120 px closes it', async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const dialog = await openSettings(page);
    await expect(dialog).toHaveAttribute('data-placement', 'sheet');
    const box = await dialog.boundingBox();
    expect(box && { x: box.x, width: box.width, bottom: Math.round(box.y + box.height) }).toEqual({ x: 0, width: 375, bottom: 740 });
    await saveScreenshot(page, 'settings-sheet-phone');

    const handle = await page.getByTestId('sheet-handle').boundingBox();
    if (!handle) throw new Error('the sheet has no drag handle');
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 120, { steps: 6 });
    await page.mouse.up();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Settings › Data controls with two tasks', () => {
  // Two seeds given straight to `transcripts` would read as Playwright's [value, options] tuple: seed them instead.
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void seedTranscripts(dirs, SEEDS)) });

  test("Archive All asks for confirmation, shows 'Archiving...' then the success message, and the Tasks tab is empty", async ({ loggedInPage: page }) => {
    await expect(page.getByText('task number 1')).toBeVisible();
    await expect(page.getByText('task number 2')).toBeVisible();
    const dialog = await openSettings(page);
    await dialog.getByRole('tab', { name: 'Data controls' }).click();

    // Hold the archive call until 'Archiving...' has been seen, so the intermediate state is observed, not raced.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/conversations/archive-all', async (route) => {
      await held;
      await route.continue();
    });
    const confirmation = new Promise<string>((resolve) =>
      page.once('dialog', (prompt) => {
        resolve(prompt.message());
        void prompt.accept();
      }),
    );
    await dialog.getByRole('button', { name: 'Archive All Sessions' }).click();
    expect(await confirmation).toBe('Are you sure you want to archive all sessions? This action cannot be undone.');
    await expect(dialog.getByText('Archiving...')).toBeVisible();
    release();

    const success = dialog.getByText('Successfully archived 2 sessions');
    await expect(success).toBeVisible();
    await expect(success).toBeHidden();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('No active tasks.')).toBeVisible();
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByText('task number 1')).toBeVisible();
  });
});
