import { expect, test } from './fixtures';
import { seedShowcase } from './conversation-showcase';

let sessionId = '';

interface Entry {
  sessionId: string;
  sessionInfo: { custom_name: string; pinned: boolean; archived: boolean };
}

test.describe('conversation header', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (sessionId = seedShowcase(dirs))) });

  test('rename (Enter saves, Escape cancels), pin and archive persist; back returns to tasks', async ({ cui, loggedInPage: page }) => {
    const info = async () => {
      const list = (await (await cui.api('/api/conversations?limit=10')).json()) as { conversations: Entry[] };
      return list.conversations.find((c) => c.sessionId === sessionId)?.sessionInfo;
    };
    await page.goto(`/c/${sessionId}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Fix the greeting in hello.txt, tidy src/app.ts and tell me what else needs doing.');
    await expect(page.getByTestId('conversation-subtitle')).toContainText('shop');

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const field = page.getByRole('textbox', { name: 'Conversation name' });
    await expect(field).toBeFocused();
    await field.fill('  Greeting and app tidy-up  ');
    await field.press('Enter');
    await expect(title).toHaveText('Greeting and app tidy-up');
    await expect.poll(async () => (await info())?.custom_name).toBe('Greeting and app tidy-up');

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await field.fill('Something else');
    await field.press('Escape');
    await expect(title).toHaveText('Greeting and app tidy-up');

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Pin' }).click();
    await expect.poll(async () => (await info())?.pinned).toBe(true);
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible();
    await expect.poll(async () => (await info())?.archived).toBe(true);
    await page.reload();
    await expect(title).toHaveText('Greeting and app tidy-up');
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Unpin' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Go back to tasks' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
