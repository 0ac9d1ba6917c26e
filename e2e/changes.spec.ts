import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeRepo, startRun, toolPanel, waitForRunEnd } from './conversation-helpers';

/**
 * Issue 24.1: after a run, open the Changes panel, read a file's diff, stage and commit it, and see the list empty.
 * Issue 25: a file the agent fixed, edited and saved in the Files sheet, shows its hand-written line in the Changes panel.
 */

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('a fix run: changes listed with +1 −1, its diff, commit, then no changes (desktop, then phone)', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs, 'changes-repo');
  execFileSync('git', ['-C', repo, 'config', 'user.name', 'e2e']);
  execFileSync('git', ['-C', repo, 'config', 'user.email', 'e2e@example.com']);
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
  await waitForRunEnd(cui, run.sessionId);
  await page.goto(`/c/${run.sessionId}`);

  await page.getByRole('button', { name: 'Changes' }).click();
  const panel = page.getByRole('dialog', { name: 'Changes' });
  const notStaged = panel.getByRole('region', { name: 'Not staged' });
  await expect(notStaged.getByTestId('change-row')).toHaveCount(1);
  await expect(notStaged.getByTestId('change-row')).toContainText(/hello\.txt\s*\+1\s*−1/);
  await expect(page).toHaveURL(/\?panel=changes$/);
  await notStaged.getByRole('button', { name: 'hello.txt' }).click();
  await expect(panel.getByTestId('diff-view')).toContainText('hello world');
  await expect(panel.getByTestId('diff-view')).toContainText('helo wrld');

  await notStaged.getByRole('button', { name: 'Stage', exact: true }).click();
  await expect(panel.getByRole('region', { name: 'Staged' }).getByTestId('change-row')).toContainText('hello.txt');
  await panel.getByRole('textbox', { name: 'Commit message' }).fill('Fix the greeting');
  await panel.getByRole('button', { name: 'Commit' }).click();
  await expect(panel.getByText('No changes.')).toBeVisible();
  expect(execFileSync('git', ['-C', repo, 'log', '-1', '--format=%s'], { encoding: 'utf8' }).trim()).toBe('Fix the greeting');

  // On a phone the panel spans the screen; the link with ?panel=changes opens it directly.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/c/${run.sessionId}?panel=changes`);
  await expect(panel.getByText('No changes.')).toBeVisible();
  await expect(panel.getByTestId('git-branch')).toContainText('main');
  const box = await panel.boundingBox();
  expect(box?.width).toBe(390);
  await panel.getByRole('button', { name: 'Close changes' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/c/${run.sessionId}$`));
});

test('a hand edit after a fix run: saved in the editor, the Changes panel counts it and its diff shows the line', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs, 'hand-edit-repo');
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
  await waitForRunEnd(cui, run.sessionId);
  await page.goto(`/c/${run.sessionId}`);

  // The agent's fix alone: one line out, one in.
  const panel = page.getByRole('dialog', { name: 'Changes' });
  const row = panel.getByRole('region', { name: 'Not staged' }).getByTestId('change-row');
  await page.getByRole('button', { name: 'Changes' }).click();
  await expect(row).toContainText(/hello\.txt\s*\+1\s*−1/);
  await panel.getByRole('button', { name: 'Close changes' }).click();
  await expect(panel).toHaveCount(0);

  // The file the agent edited, opened from its Edit panel, gets a line by hand.
  const files = page.getByRole('dialog', { name: 'Files' });
  await toolPanel(page, 'Edit').getByRole('link', { name: 'hello.txt' }).click();
  await expect(files.locator('.cm-activeLine')).toHaveText('hello world');
  await files.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('added by hand');
  await files.getByRole('button', { name: 'Save' }).click();
  await expect(files.getByRole('status')).toHaveText('Saved');
  expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\nadded by hand');
  await page.getByRole('button', { name: 'Close files' }).click();
  await expect(files).toHaveCount(0);

  // The Changes panel now counts the agent's line and the hand-written one, and the diff shows both.
  await page.getByRole('button', { name: 'Changes' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/hello\.txt\s*\+2\s*−1/);
  await panel.getByRole('region', { name: 'Not staged' }).getByRole('button', { name: 'hello.txt' }).click();
  const diff = panel.getByTestId('diff-view');
  await expect(diff).toContainText('helo wrld');
  await expect(diff).toContainText('hello world');
  await expect(diff).toContainText('added by hand');
});
