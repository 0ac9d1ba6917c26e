import type { ConversationSummary } from '@cui/contract';
import type { Page } from '@playwright/test';
import { expect, test, type Cui } from './fixtures';

const STATUS_TEXTS = /^(Running|Initializing\.\.\.|Thinking\.\.\.|Processing\.\.\.|Completed|Finished|Closed)$/;

async function startRun(cui: Cui, prompt: string): Promise<{ sessionId: string; streamingId: string }> {
  const response = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: cui.dirs.work, initialPrompt: prompt }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; streamingId: string };
}

async function listed(cui: Cui, sessionId: string): Promise<ConversationSummary | undefined> {
  const body = (await (await cui.api('/api/conversations?limit=50&sortBy=updated&order=desc')).json()) as { conversations: ConversationSummary[] };
  return body.conversations.find((c) => c.sessionId === sessionId);
}

const row = (page: Page, sessionId: string) => page.locator(`li[data-session-id="${sessionId}"]`);

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('home: ongoing rows', () => {
  test('an ongoing row shows its pulsing live status and Stop task really stops the run', async ({ loggedInPage: page, cui }) => {
    const run = await startRun(cui, 'Please answer slow and steady');
    await expect.poll(async () => (await listed(cui, run.sessionId))?.status).toBe('ongoing');
    await page.reload();
    const live = row(page, run.sessionId);
    await expect(live.getByTestId('live-status')).toHaveText(STATUS_TEXTS);
    await expect(live.getByTestId('live-status')).toHaveClass(/animate-pulse/);
    await expect(live.getByRole('button', { name: 'Archive' })).toHaveCount(0);

    const stopRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/conversations/${run.streamingId}/stop`));
    await live.getByRole('button', { name: 'Stop task' }).click();
    await stopRequest;
    await expect(live.getByRole('button', { name: 'Stop task' })).toHaveCount(0);
    await live.hover();
    await expect(live.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect.poll(async () => (await listed(cui, run.sessionId))?.status).toBe('completed');
    await expect.poll(async () => ((await (await cui.api('/api/system/status')).json()) as { activeConversations: number }).activeConversations).toBe(0);
  });

  test('a row whose run ends on its own becomes completed without a reload', async ({ loggedInPage: page, cui }) => {
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/stream/') && requests.push(r.url()));
    const run = await startRun(cui, 'Please answer slow');
    await expect.poll(async () => (await listed(cui, run.sessionId))?.status).toBe('ongoing');
    // Focus reloads the list; the new row then gets a live stream.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const live = row(page, run.sessionId);
    await expect(live.getByRole('button', { name: 'Stop task' })).toBeVisible();
    await expect.poll(() => requests.some((url) => url.includes(run.streamingId))).toBe(true);
    await expect(live.getByRole('button', { name: 'Stop task' })).toHaveCount(0, { timeout: 45_000 });
    await live.hover();
    await expect(live.getByRole('button', { name: 'Archive' })).toBeVisible();
    expect((await listed(cui, run.sessionId))?.status).toBe('completed');
  });
});
