import { expect, test } from './fixtures';
import { seedHistory, type SeededSession } from './home-seed';
import { saveScreenshot } from './support/screenshots';

let seeded: SeededSession[] = [];

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 375, height: 812 } },
] as const;

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('home screenshots', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (seeded = seedHistory(dirs, 30))) });

  test('home at desktop and phone widths, light and dark, with pinned, renamed and live rows', async ({ loggedInPage: page, cui }) => {
    const [first, second] = seeded;
    await cui.api(`/api/conversations/${second?.sessionId}/update`, { method: 'PUT', body: JSON.stringify({ pinned: true, customName: 'Checkout redesign' }) });
    for (const viewport of VIEWPORTS) {
      for (const scheme of ['light', 'dark'] as const) {
        // The slow run lasts about 10 s: one per screenshot keeps a live row on each.
        const start = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: first?.cwd ?? cui.dirs.work, initialPrompt: 'Please answer slow' }) });
        const { sessionId } = (await start.json()) as { sessionId: string };
        await page.setViewportSize(viewport.size);
        await page.emulateMedia({ colorScheme: scheme });
        await page.reload();
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await expect(page.locator(`li[data-session-id="${sessionId}"]`).getByRole('button', { name: 'Stop task' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Checkout redesign' })).toBeVisible();
        await page.getByRole('combobox', { name: 'Task' }).fill('Add a coupon field to the cart');
        await page.mouse.move(0, 0);
        await saveScreenshot(page, `home-${viewport.name}-${scheme}`);
      }
    }
    await page.getByRole('combobox', { name: 'Task' }).fill('/');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await saveScreenshot(page, 'home-phone-dark-commands');

    await page.getByRole('combobox', { name: 'Task' }).fill('');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    const target = page.locator(`li[data-session-id="${seeded[3]?.sessionId}"]`);
    await target.hover();
    await target.getByRole('button', { name: 'More options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await saveScreenshot(page, 'home-desktop-light-row-menu');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(target.getByRole('textbox', { name: 'Session name' })).toBeFocused();
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'home-desktop-dark-rename');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Working directory/ }).click();
    await page.getByRole('menuitem', { name: 'Browse…' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose a directory' }).getByRole('button', { name: 'web-shop' })).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Choose a directory' }).getByRole('textbox', { name: 'Directory path' })).toHaveValue(/web-shop$/);
    await saveScreenshot(page, 'home-desktop-dark-browse');
  });
});
