import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type E2eDirs } from './fixtures';
import { writeTranscript } from './support/transcripts';

/** The trust gate for repository settings (issue 10 point 1): the composer's notice and 'Trust this folder'. */

const projectOf = (dirs: E2eDirs) => path.join(dirs.work, 'cloned-repo');
const markerOf = (dirs: E2eDirs) => path.join(dirs.root, 'hook-ran');
const task = (page: Page) => page.getByRole('combobox', { name: 'Task' });
const notice = (page: Page) => page.getByRole('region', { name: 'Folder settings not loaded' });

/** A cloned repository whose settings run a hook on every prompt; one past session makes it the preselected folder. */
function seedClonedRepo(dirs: E2eDirs): void {
  const project = projectOf(dirs);
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  const hook = { hooks: [{ type: 'command', command: `touch ${markerOf(dirs)}` }] };
  fs.writeFileSync(path.join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [hook] }, permissions: { allow: ['Bash(curl:*)'] } }));
  writeTranscript(dirs, {
    sessionId: '7a2d6c1e-3b4f-4e5a-8c9d-0e1f2a3b4c5d',
    cwd: project,
    messages: [
      { role: 'user', content: 'Look around' },
      { role: 'assistant', content: 'A small repository.' },
    ],
  });
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('folder trust', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use(seedClonedRepo) });

  test("the composer says an untrusted folder's settings are not loaded; trusting it applies from the next run on", async ({ loggedInPage: page, cui }) => {
    await expect(page.getByRole('button', { name: 'Working directory: cloned-repo' })).toBeVisible();
    await expect(notice(page)).toContainText('not trusted');
    await expect(notice(page)).toContainText(`Hook commands: touch ${markerOf(cui.dirs)}`);
    await expect(notice(page)).toContainText('Allow rules: Bash(curl:*)');

    await task(page).fill('first greeting');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^Echo: "first greeting"/)).toBeVisible({ timeout: 30_000 });
    expect(fs.existsSync(markerOf(cui.dirs))).toBe(false);

    // The conversation view shows the same notice; trusting from there applies to the follow-up.
    await notice(page).getByRole('button', { name: 'Trust this folder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Folder trusted' })).toHaveText('Folder trusted: its settings load from the next run on.');
    await expect(notice(page)).toHaveCount(0);
    const listed = (await (await cui.api('/api/trust/folders')).json()) as { folders: Array<{ path: string; source: string }> };
    expect(listed.folders).toContainEqual(expect.objectContaining({ path: fs.realpathSync(projectOf(cui.dirs)), source: 'console' }));

    await task(page).fill('second greeting');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByText(/^Echo: "second greeting"/)).toBeVisible({ timeout: 30_000 });
    expect(fs.existsSync(markerOf(cui.dirs))).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Working directory: cloned-repo' })).toBeVisible();
    await expect(task(page)).toBeEnabled();
    await expect(notice(page)).toHaveCount(0);
  });

  test("'Trust this folder' in the home composer makes the first run load the folder's settings", async ({ loggedInPage: page, cui }) => {
    await notice(page).getByRole('button', { name: 'Trust this folder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Folder trusted' })).toBeVisible();
    await task(page).fill('trusted greeting');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^Echo: "trusted greeting"/)).toBeVisible({ timeout: 30_000 });
    expect(fs.existsSync(markerOf(cui.dirs))).toBe(true);
    await expect(notice(page)).toHaveCount(0);
  });

  test('Settings › Data controls lists the trusted folders and the retention in force; Revoke brings the notice back', async ({ loggedInPage: page, cui }) => {
    await notice(page).getByRole('button', { name: 'Trust this folder' }).click();
    await expect(notice(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Data controls' }).click();
    await expect(dialog.getByText("Transcripts are kept: runs started here switch off Claude Code’s 30-day clean-up.")).toBeVisible();
    const list = dialog.getByRole('list', { name: 'Trusted folders' });
    await expect(list).toContainText(projectOf(cui.dirs));
    await list.getByRole('button', { name: `Revoke trust of ${projectOf(cui.dirs)}` }).click();
    await expect(dialog.getByText('No trusted folders.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(notice(page)).toContainText('not trusted');
  });
});
