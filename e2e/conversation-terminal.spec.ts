import { spawnClaude, type ClaudeRun } from '../fake-model/test-support';
import { testChildEnv } from '../server/test/test-dirs';
import { makeRepo } from './conversation-helpers';
import { expect, test, type Cui } from './fixtures';
import { fakeGate } from './support/fake-gate';

/** The session's list entry: its status and where it runs. */
async function listed(cui: Cui, sessionId: string): Promise<{ status?: string; liveSource?: string }> {
  const response = await cui.api(`/api/conversations?sessionId=${sessionId}`);
  const body = (await response.json()) as { conversations: Array<{ status: string; liveSource?: string }> };
  return body.conversations[0] ?? {};
}

test.describe('a session run in a terminal', () => {
  let terminal: ClaudeRun | undefined;
  test.afterEach(() => terminal?.kill());

  test("updates live in an open conversation ('Active in terminal'), then the composer continues it", async ({ cui, loggedInPage: page, pageErrors }) => {
    const repo = makeRepo(cui.dirs);
    const gate = fakeGate(cui, 'terminal');
    // The real CLI, started outside the server as a terminal would, with the server's config directory and model.
    terminal = spawnClaude({ cwd: repo, env: testChildEnv(cui.dirs, cui.fakeUrl), args: ['-p', gate.prompt('hello from my terminal')] });
    await gate.held(0);
    await expect.poll(() => terminal?.events.find((event) => event.type === 'system' && event.subtype === 'init')?.session_id, { timeout: 30_000 }).toBeTruthy();
    const sessionId = String(terminal.events.find((event) => event.subtype === 'init')?.session_id);
    await expect.poll(async () => (await listed(cui, sessionId)).liveSource, { timeout: 30_000 }).toBe('terminal');

    await page.goto('/');
    const row = page.locator(`li[data-session-id="${sessionId}"]`);
    await expect(row.getByTestId('live-status')).toHaveText('Active in terminal');
    await expect(row.getByRole('button', { name: 'Stop task' })).toHaveCount(0);

    await row.getByRole('link').click();
    await expect(page.getByTestId('terminal-notice')).toContainText('Active in terminal.');
    await expect(page.getByText('hello from my terminal', { exact: false }).first()).toBeVisible();
    const composer = page.getByRole('combobox', { name: 'Task' });
    await expect(composer).toBeDisabled();
    await expect(page.locator('[data-role="assistant"]')).toHaveCount(0);

    // The model answers in the terminal: the open page shows it without a reload.
    await gate.release(0);
    await expect(page.getByText('Echo: "hello from my terminal', { exact: false })).toBeVisible();
    expect((await terminal.exited).code).toBe(0);
    await expect(page.getByTestId('terminal-notice')).toContainText('Stopped in terminal.');
    await expect(composer).toBeEnabled();

    // Continuing it is the normal follow-up: a resume, in a new session the page moves to.
    await composer.fill('continue here');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Echo: "continue here"', { exact: false })).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/c/${sessionId}`);
    expect(pageErrors).toEqual([]);
  });

  test('shows on an open home page as it starts in a terminal, and as completed once it stops, without a reload', async ({ cui, loggedInPage: page, pageErrors }) => {
    await page.goto('/');
    await expect(page.getByText('No active tasks.')).toBeVisible();
    const repo = makeRepo(cui.dirs);
    const gate = fakeGate(cui, 'home-terminal');
    terminal = spawnClaude({ cwd: repo, env: testChildEnv(cui.dirs, cui.fakeUrl), args: ['-p', gate.prompt('listed while the page is open')] });
    await gate.held(0);
    const row = page.locator('li[data-session-id]', { hasText: 'listed while the page is open' });
    await expect(row.getByTestId('live-status')).toHaveText('Active in terminal', { timeout: 15_000 });

    await gate.release(0);
    expect((await terminal.exited).code).toBe(0);
    await expect(row.getByTestId('live-status')).toHaveCount(0, { timeout: 15_000 });
    await expect(row.getByRole('button', { name: 'Archive' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("turns an open, idle conversation 'Active in terminal' when a terminal CLI resumes it, without a reload", async ({ cui, loggedInPage: page, pageErrors }) => {
    const repo = makeRepo(cui.dirs);
    const first = spawnClaude({ cwd: repo, env: testChildEnv(cui.dirs, cui.fakeUrl), args: ['-p', 'first turn in the terminal'] });
    expect((await first.exited).code).toBe(0);
    const sessionId = String(first.events.find((event) => event.subtype === 'init')?.session_id);
    await expect.poll(async () => (await listed(cui, sessionId)).status, { timeout: 30_000 }).toBe('completed');

    await page.goto(`/c/${sessionId}`);
    await expect(page.getByText('Echo: "first turn in the terminal', { exact: false })).toBeVisible();
    const composer = page.getByRole('combobox', { name: 'Task' });
    await expect(composer).toBeEnabled();

    const gate = fakeGate(cui, 'resume-terminal');
    terminal = spawnClaude({ cwd: repo, env: testChildEnv(cui.dirs, cui.fakeUrl), args: ['-p', gate.prompt('second turn in the terminal'), '--resume', sessionId] });
    await gate.held(0);
    await expect(page.getByTestId('terminal-notice')).toContainText('Active in terminal.', { timeout: 5_000 });
    await expect(composer).toBeDisabled();
    await expect(page.getByText('second turn in the terminal', { exact: false }).first()).toBeVisible();

    await gate.release(0);
    await expect(page.getByText('Echo: "second turn in the terminal', { exact: false })).toBeVisible();
    expect((await terminal.exited).code).toBe(0);
    await expect(page.getByTestId('terminal-notice')).toContainText('Stopped in terminal.');
    await expect(composer).toBeEnabled();
    expect(pageErrors).toEqual([]);
  });
});
