import { expect, test } from './fixtures';
import { seedShowcase } from './conversation-showcase';

let sessionId = '';

async function sessionInfo(cui: { api: (path: string) => Promise<Response> }) {
  const list = (await (await cui.api('/api/conversations?limit=10')).json()) as { conversations: Entry[] };
  return list.conversations.find((c) => c.sessionId === sessionId)?.sessionInfo;
}

interface Entry {
  sessionId: string;
  sessionInfo: { custom_name: string; pinned: boolean; archived: boolean; notify: boolean };
}

test.describe('conversation header', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (sessionId = seedShowcase(dirs))) });

  test('rename (Enter saves, Escape cancels), pin and archive persist; back returns to tasks', async ({ cui, loggedInPage: page }) => {
    const info = () => sessionInfo(cui);
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

  test('Mute and Notify me in the more-menu are stored on the server and the menu follows at once', async ({ cui, loggedInPage: page }) => {
    await page.goto(`/c/${sessionId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const more = page.getByRole('button', { name: 'More' });
    await more.click();
    await page.getByRole('menuitem', { name: 'Mute' }).click();
    await expect.poll(async () => (await sessionInfo(cui))?.notify).toBe(false);
    await more.click();
    await expect(page.getByRole('menuitem', { name: 'Notify me' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Mute' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await more.click();
    await page.getByRole('menuitem', { name: 'Notify me' }).click();
    await expect.poll(async () => (await sessionInfo(cui))?.notify).toBe(true);
    await more.click();
    await expect(page.getByRole('menuitem', { name: 'Mute' })).toBeVisible();
  });
});
