import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type E2eDirs } from './fixtures';
import { seedRepoWithSession, waitForRunEnd } from './conversation-helpers';

/** Worktree per session (issue 18): the home composer's toggle, the header's branch and 'Discard worktree'. */

/** A git repository with one past session, so the home composer preselects it. */
function seedRepo(dirs: E2eDirs): void {
  seedRepoWithSession(dirs, 'wt-repo', '0c5b0f8e-3f0a-4d57-9c8a-6a2f4b1d2e01');
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('a conversation in a worktree', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use(seedRepo) });

  test('starts in a new worktree from the composer, shows its branch, and discards it', async ({ loggedInPage: page, cui }) => {
    const repo = path.join(cui.dirs.work, 'wt-repo');
    await expect(page.getByRole('button', { name: 'Working directory: wt-repo' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Worktree' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('combobox', { name: 'Task' }).fill('hello from a worktree');
    const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/conversations/start'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await startRequest).postDataJSON()).toEqual({ workingDirectory: repo, initialPrompt: 'hello from a worktree', worktree: true });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const sessionId = new URL(page.url()).pathname.split('/').pop() as string;

    await expect(page.getByText('Echo: "hello from a worktree"')).toBeVisible();
    const badge = page.getByTestId('worktree-badge');
    await expect(badge).toContainText(/worktree-cui-[0-9a-f]{8}/);
    const branch = ((await badge.textContent()) ?? '').match(/worktree-cui-[0-9a-f]{8}/)?.[0] ?? '';
    const folder = path.join(repo, '.claude', 'worktrees', branch.replace(/^worktree-/, ''));
    expect(fs.existsSync(folder)).toBe(true);

    await waitForRunEnd(cui, sessionId);
    page.once('dialog', (dialog) => void dialog.accept());
    await badge.getByRole('button', { name: 'Discard worktree' }).click();
    await expect(badge).toContainText('Worktree discarded');
    expect(fs.existsSync(folder)).toBe(false);
  });
});
