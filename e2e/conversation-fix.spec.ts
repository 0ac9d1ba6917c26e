import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun, toolPanel } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';

const permissionPrompt = (page: Page) => page.getByRole('region', { name: 'Permission request' });

test.describe('conversation: read then edit in Ask mode', () => {
  test('deny the Edit, then a follow-up: live status texts, approve, diff, file changed, result', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'default' });
    await page.goto(`/c/${run.sessionId}`);

    // First turn: the Edit waits for approval (its diff already shown); deny it with a reason.
    await expect(permissionPrompt(page)).toContainText('Allow Edit?');
    await expect(permissionPrompt(page)).toContainText('hello.txt');
    await expect(page.getByTestId('status-line')).toContainText('Awaiting approval...');
    await expect(toolPanel(page, 'Read').getByRole('button', { name: 'Read 1 line' })).toBeVisible();
    await expect(toolPanel(page, 'Edit').getByTestId('diff-view')).toContainText('hello world');
    await permissionPrompt(page).getByRole('textbox', { name: 'Deny reason' }).fill('keep the typo');
    await permissionPrompt(page).getByRole('button', { name: 'Deny' }).click();
    await expect(permissionPrompt(page)).toHaveCount(0);
    await expect(toolPanel(page, 'Edit').getByRole('button', { name: 'Error: The user denied this tool use: keep the typo' })).toBeVisible();
    await expect(page.getByText('Done. Last tool result: The user denied this tool use: keep the typo')).toBeVisible();
    await expect(page.getByTestId('status-line')).toHaveCount(0);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');

    // Follow-up from the composer, its model replies held one by one: each live status text is seen painted.
    const gate = fakeGate(cui, 'follow-up');
    const followUp = gate.prompt('fix the file after all');
    const composer = page.getByRole('combobox', { name: 'Task' });
    await expect(composer).toHaveAttribute('placeholder', 'Continue the conversation...');
    await composer.fill(followUp);
    await page.getByRole('button', { name: 'Send' }).click();
    await gate.held(0);
    // The prompt shows at once, under the history so far, though the CLI writes its fork a moment later.
    await expect(page.locator('[data-role="user"]')).toHaveText(['fix the file', followUp]);
    await expect(page.getByTestId('status-line')).toContainText('Initializing...');
    await gate.release(0);
    await gate.held(1);
    await expect(page.getByTestId('status-line')).toContainText('Reading file...');
    await gate.release(1);
    await expect(permissionPrompt(page)).toContainText('Allow Edit?');
    await expect(page.getByTestId('status-line')).toContainText('Awaiting approval...');
    await permissionPrompt(page).getByRole('button', { name: 'Approve' }).click();
    await expect(permissionPrompt(page)).toHaveCount(0);
    await gate.held(2);
    await expect(page.getByTestId('status-line')).toContainText('Running');
    await gate.release(2);
    await expect(toolPanel(page, 'Edit').last()).toHaveAttribute('data-status', 'completed');
    await expect(page.getByText(/^Done\. Last tool result: The file .*hello\.txt has been updated/)).toBeVisible();
    await expect(page.getByTestId('status-line')).toHaveCount(0);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');

    // The history continues: both turns are on the page, the first one's messages still there.
    await expect(page.locator('[data-role="user"]')).toHaveText(['fix the file', followUp]);
    await expect(toolPanel(page, 'Edit')).toHaveCount(2);
    await expect(page.getByTestId('conversation-subtitle')).toContainText('+1 −1');
  });

  test('reloading mid-run loses and duplicates nothing; approving after the reload finishes the run', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'default' });
    await page.goto(`/c/${run.sessionId}`);
    await expect(permissionPrompt(page)).toContainText('Allow Edit?');
    await page.reload();
    await expect(permissionPrompt(page)).toContainText('Allow Edit?');
    await expect(page.getByTestId('status-line')).toContainText('Awaiting approval...');
    await expect(page.getByText("I'll read the file first.")).toHaveCount(1);
    await expect(page.getByText('Found a typo, fixing it.')).toHaveCount(1);
    await expect(toolPanel(page, 'Read')).toHaveCount(1);
    await expect(toolPanel(page, 'Edit')).toHaveCount(1);
    await permissionPrompt(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/^Done\. Last tool result: The file .*hello\.txt has been updated/)).toBeVisible();
    await expect(toolPanel(page, 'Edit')).toHaveCount(1);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
  });
});
