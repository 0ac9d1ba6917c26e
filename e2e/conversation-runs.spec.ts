import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { followUpFromPage, makeRepo, startRun, toolPanel } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';

const statusLine = (page: Page) => page.getByTestId('status-line');

test.describe('conversation runs', () => {
  test('Stop ends a slow run: the status line and the Stop button go, the session is no longer ongoing', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'answer slow please', permissionMode: 'default' });
    await page.goto(`/c/${run.sessionId}`);
    await expect(statusLine(page)).toBeVisible();
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.click();
    await expect(stop).toHaveCount(0);
    await expect(statusLine(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Task' })).toBeEnabled();
    await expect
      .poll(async () => {
        const list = (await (await cui.api('/api/conversations?limit=10')).json()) as { conversations: Array<{ sessionId: string; status: string }> };
        return list.conversations.find((c) => c.sessionId === run.sessionId)?.status;
      })
      .toBe('completed');
  });

  test('TodoWrite renders a list with status icons, the completed item struck through', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    await followUpFromPage(page, cui, repo, 'make a todo list');
    const todos = toolPanel(page, 'TodoWrite').getByRole('list', { name: 'Todos' });
    await expect(todos.getByRole('listitem')).toHaveText(['Read the code', 'Fix the typo', 'Run the tests']);
    await expect(todos.getByText('Read the code')).toHaveClass(/line-through/);
    await expect(todos.getByText('Fix the typo')).not.toHaveClass(/line-through/);
    await expect(todos.getByLabel('in progress')).toBeVisible();
    await expect(page.getByText(/^Todo list updated\./)).toBeVisible();
  });

  test('a Task subagent runs with "Running task..." and nests its messages under the panel', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const gate = fakeGate(cui, 'task');
    // Sent from an open conversation: the page streams the run live (CLI 2.1.330 keeps subagent transcripts in
    // separate files, so the subagent's messages come from the stream).
    await followUpFromPage(page, cui, repo, gate.prompt('use a subagent task to look around'));
    // The parent's first reply calls the Agent tool; while the subagent's first reply is held, the task runs.
    await gate.held(0);
    await gate.release(0);
    await gate.held(0);
    await expect(page.getByTestId('status-line')).toContainText('Running task...');
    await gate.release(0);
    // The subagent's report, then the parent's summary.
    await gate.held(1);
    await gate.release(1);
    await gate.held(1);
    await gate.release(1);
    const task = toolPanel(page, 'Agent');
    await expect(task.getByText('Task completed')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^The subagent finished\. It said: Subagent report/)).toBeVisible();
    // The panel is open while the task runs and keeps the reader's choice after; open it if it is closed.
    const trigger = task.getByRole('button', { name: /^Inspect the repository · \d+ messages?$/ });
    if ((await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const children = task.getByTestId('task-children');
    const childRead = children.locator('section[data-tool="Read"]');
    await expect(childRead).toHaveAttribute('data-status', 'completed');
    await expect(childRead).toContainText('hello.txt');
    // Subagent messages stay out of the main list: the only Read panel is the one inside the task.
    await expect(toolPanel(page, 'Read')).toHaveCount(1);
  });
});
