import type { ConversationSummary } from '@cui/contract';
import { DEFAULT_SESSION_INFO } from '../contract/sessions';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

function ongoingRow(index: number): ConversationSummary {
  const time = new Date(Date.now() - index * 60_000).toISOString();
  return {
    sessionId: `00000000-0000-4000-8000-00000000000${index}`,
    summary: `Live run ${index}`,
    createdAt: time,
    updatedAt: time,
    projectPath: '/srv/project',
    status: 'ongoing',
    streamingId: `stream-${index}`,
    messageCount: 1,
    toolMetrics: { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 },
    sessionInfo: DEFAULT_SESSION_INFO,
  };
}

test.describe('home: live streams of ongoing rows (list and streams intercepted)', () => {
  test('opens at most 4 list streams at once (the inbox holds the page\'s fifth) and starts a queued one when a run closes', async ({ page, cui }) => {
    const rows = Array.from({ length: 7 }, (_, i) => ongoingRow(i));
    await page.route('**/api/conversations?*', (route) => route.fulfill({ json: { conversations: rows, total: rows.length } }));
    const held = new Map<string, Route>();
    await page.route('**/api/stream/*', (route) => {
      held.set(new URL(route.request().url()).pathname.split('/').pop() as string, route);
    });
    await page.goto(`/#token=${cui.token}`);
    await expect(page.getByRole('button', { name: 'Stop task' })).toHaveCount(7);
    await expect.poll(() => held.size).toBe(4);
    expect([...held.keys()].sort()).toEqual(['stream-0', 'stream-1', 'stream-2', 'stream-3']);

    const closing = held.get('stream-2') as Route;
    await closing.fulfill({
      contentType: 'application/x-ndjson',
      body: [{ type: 'connected', streamingId: 'stream-2' }, { type: 'permission_request', data: { id: 'p1', streamingId: 'stream-2', toolName: 'Bash', toolInput: {}, timestamp: new Date().toISOString(), status: 'pending' }, seq: 1 }, { type: 'closed', streamingId: 'stream-2', seq: 2 }]
        .map((event) => JSON.stringify(event))
        .join('\n'),
    });
    await expect.poll(() => held.size).toBe(5);
    expect(held.has('stream-4')).toBe(true);
    expect(held.has('stream-5')).toBe(false);
    const closedRow = page.locator(`li[data-session-id="${rows[2]?.sessionId}"]`);
    await expect(closedRow.getByRole('button', { name: 'Stop task' })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('shows the status texts of stream events on the row', async ({ page, cui }) => {
    const row = ongoingRow(0);
    await page.route('**/api/conversations?*', (route) => route.fulfill({ json: { conversations: [row], total: 1 } }));
    let releaseStream: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (releaseStream = resolve));
    await page.route('**/api/stream/*', async (route) => {
      await gate;
      await route.fulfill({
        contentType: 'application/x-ndjson',
        body: [
          ':heartbeat',
          JSON.stringify({ type: 'connected', streamingId: 'stream-0' }),
          `data: ${JSON.stringify({ type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Edit', input: {} }] }, seq: 1 })}`,
        ].join('\n'),
      });
    });
    await page.goto(`/#token=${cui.token}`);
    const status = page.locator(`li[data-session-id="${row.sessionId}"]`).getByTestId('live-status');
    await expect(status).toHaveText('Running');
    releaseStream();
    await expect(status).toHaveText('Editing file...');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('retries a failing stream after 1, 2 and 4 seconds, then stops trying', async ({ page, cui }) => {
    const row = ongoingRow(0);
    await page.route('**/api/conversations?*', (route) => route.fulfill({ json: { conversations: [row], total: 1 } }));
    // The list's version holds still: the count of list loads below is about giving up and focus only, whatever else
    // moves the server's (CI20: the sign-in check's CLI once counted as a terminal's session, fixed in bf4c1e6).
    await page.route('**/api/conversations/version', (route) => route.fulfill({ json: { version: 'still' } }));
    const attempts: number[] = [];
    await page.route('**/api/stream/*', (route) => {
      attempts.push(Date.now());
      return route.fulfill({ status: 500, json: { error: 'boom', code: 'internal' } });
    });
    let listLoads = 0;
    page.on('requestfinished', (request) => void (new URL(request.url()).pathname === '/api/conversations' && listLoads++));
    await page.goto(`/#token=${cui.token}`);
    await expect.poll(() => attempts.length, { timeout: 15_000 }).toBe(4);
    // Giving up reloads the list; a row still listed as ongoing must not start another round of retries.
    await expect.poll(() => listLoads).toBe(2);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => listLoads).toBe(3);
    await expect(page.getByRole('button', { name: 'Stop task' })).toBeVisible();
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((time, i) => time - (attempts[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1950);
    expect(gaps[2]).toBeGreaterThanOrEqual(3950);
    expect(gaps[2]).toBeLessThan(6000);
  });
});
