import path from 'node:path';
import { expect, test, type E2eDirs } from './fixtures';
import { seedRepoWithSession } from './conversation-helpers';
import { saveScreenshot } from './support/screenshots';

/** Scheduled runs (issue 27): a weekday-morning schedule from the home composer, 'Run now', its run and history row. */

function seedRepo(dirs: E2eDirs): void {
  seedRepoWithSession(dirs, 'sched-repo', '5c1e9d3a-7b2f-4c8e-9a01-2d3e4f5a6b7c');
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('schedules', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use(seedRepo) });

  test('creates a weekday-morning schedule from the composer with its next times, runs it now, and shows the run and its history row', async ({ loggedInPage: page, cui }) => {
    const repo = path.join(cui.dirs.work, 'sched-repo');
    expect((await cui.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: repo }) })).status).toBe(200);
    await expect(page.getByRole('button', { name: 'Working directory: sched-repo' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Task' }).fill('good morning report');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.waitForURL(/\/schedules$/);

    const form = page.getByRole('form', { name: 'Create schedule' });
    await expect(form.getByLabel('Prompt', { exact: true })).toHaveValue('good morning report');
    await expect(form.getByLabel('Folder', { exact: true })).toHaveValue(repo);
    await expect(form.getByLabel('Permission mode', { exact: true })).toHaveValue('default');
    await expect(form.getByLabel('Repeat', { exact: true })).toHaveValue('weekdays');
    await form.getByLabel('At', { exact: true }).fill('08:30');
    const next = form.getByTestId('next-runs').getByRole('listitem');
    await expect(next).toHaveCount(3);
    for (const item of await next.all()) {
      await expect(item).toContainText(/08:30/);
      await expect(item).not.toContainText(/Sat|Sun/);
    }
    await saveScreenshot(page, 'schedules-form', { fullPage: true });
    await form.getByRole('button', { name: 'Create schedule' }).click();

    const card = page.getByRole('listitem', { name: 'good morning report' });
    await expect(card).toContainText('Weekdays at 08:30');
    await expect(card.getByTestId('schedule-state')).toContainText('Next:');
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByRole('button', { name: 'History' }).click();
    const row = card.getByTestId('firing-row').first();
    await expect(row).toContainText('Run now');
    // The list reloads while the page is open: the row turns 'Ran' once the run ended.
    await expect(row).toContainText('Ran', { timeout: 60_000 });
    await saveScreenshot(page, 'schedules-history', { fullPage: true });

    await row.getByRole('link', { name: 'Open conversation' }).click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Echo: "good morning report"')).toBeVisible();
    const badge = page.getByTestId('scheduled-badge');
    await expect(badge).toContainText('Scheduled · good morning report');

    // The header's more-menu reaches the Schedules page from any page.
    await page.getByRole('banner').getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Schedules' }).click();
    await expect(page).toHaveURL(/\/schedules$/);
    await expect(page.getByRole('listitem', { name: 'good morning report' })).toBeVisible();

    await page.goto('/');
    const listed = page.locator('li[data-session-id]').filter({ has: page.getByTestId('scheduled-badge') });
    await expect(listed).toHaveCount(1);
    await listed.getByTestId('scheduled-badge').click();
    await page.waitForURL(/\/schedules\?id=/);
    await expect(page.getByRole('listitem', { name: 'good morning report' })).toBeVisible();
  });
});
