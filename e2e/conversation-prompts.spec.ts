import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';

const permissionPrompt = (page: Page) => page.getByRole('region', { name: 'Permission request' });

test.describe('conversation answer prompts', () => {
  test('AskUserQuestion: choosing an option sends it as the answer', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'ask me a question', permissionMode: 'default' });
    await page.goto(`/c/${run.sessionId}`);
    const prompt = permissionPrompt(page);
    await expect(prompt).toContainText('Which greeting should hello.txt use?');
    const submit = prompt.getByRole('button', { name: 'Submit answers' });
    await expect(submit).toBeDisabled();
    await prompt.getByRole('button', { name: 'hi there' }).click();
    await submit.click();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByText(/^Thanks\. Your answer: .*hi there/)).toBeVisible();
    await expect(page.locator('section[data-tool="AskUserQuestion"]')).toHaveAttribute('data-status', 'completed');
  });

  test('plan approval: the plan is shown rendered; Deny sends the feedback to the assistant', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'make a plan', permissionMode: 'plan' });
    await page.goto(`/c/${run.sessionId}`);
    const prompt = permissionPrompt(page);
    await expect(prompt.getByRole('heading', { name: 'Plan: fix the greeting' })).toBeVisible();
    await expect(prompt.getByRole('listitem')).toHaveCount(3);
    await prompt.getByRole('textbox', { name: 'Plan feedback' }).fill('Also add a test');
    await prompt.getByRole('button', { name: 'Deny' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByText(/^Plan step finished\. Tool said: .*Also add a test/)).toBeVisible();
  });
});
