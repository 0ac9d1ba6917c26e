import { expect, test } from './fixtures';
import { seedHistory, type SeededSession } from './home-seed';
import { saveScreenshot } from './support/screenshots';

let seeded: SeededSession[] = [];

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 375, height: 812 } },
] as const;

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
  });
});
