import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';

/** Restore files to a message and branch from a message (issue 24 points 3 and 4), desktop then phone. */

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('restores the files to the first message, then branches from a message on a phone and sends', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs, 'rewind-repo');
  const file = path.join(repo, 'hello.txt');
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
  await waitForRunEnd(cui, run.sessionId);
  expect(fs.readFileSync(file, 'utf8')).toBe('hello world\n');

  // Desktop: preview (file, +/−, the note on shell commands), confirm, the file is back.
  await page.goto(`/c/${run.sessionId}`);
  await page.getByRole('button', { name: 'Restore or branch' }).click();
  const sheet = page.getByRole('dialog', { name: 'Restore or branch' });
  const prompt = sheet.getByTestId('rewind-item').filter({ hasText: 'fix the file' });
  await prompt.getByRole('button', { name: 'Restore files to here' }).click();
  const panel = sheet.getByTestId('restore-panel');
  await expect(panel).toContainText('Changes made by shell commands (Bash) are not tracked');
  await expect(panel).toContainText('Restoring changes 1 file +1 −1');
  await expect(panel.getByRole('listitem')).toHaveText(['hello.txt']);
  expect(fs.readFileSync(file, 'utf8')).toBe('hello world\n');
  await panel.getByRole('button', { name: 'Restore files' }).click();
  await expect(panel.getByRole('status')).toHaveText('Restored 1 file to before this message.');
  expect(fs.readFileSync(file, 'utf8')).toBe('helo wrld\n');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // Phone: branch from Claude's first reply; the branch opens with the composer ready, and a message goes out.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Restore or branch' }).click();
  const reply = sheet.getByTestId('rewind-item').filter({ hasText: "I'll read the file first." });
  await reply.getByRole('button', { name: 'Branch from here' }).click();
  await page.waitForURL((url) => /^\/c\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(run.sessionId));
  await expect(page.locator('[data-role="user"]')).toHaveText(['fix the file']);
  const composer = page.getByRole('combobox', { name: 'Task' });
  await composer.fill('hello from the branch');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Echo: "hello from the branch"')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('branch-badge').first()).toBeVisible();
});
