import type { ConversationSummary } from '@cui/contract';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedHistory, type SeededSession } from './home-seed';

let seeded: SeededSession[] = [];

const sessionsList = (page: Page) => page.getByRole('list', { name: 'Sessions' });
const rowIds = (page: Page) => sessionsList(page).locator(':scope > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-session-id')));

function listRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/conversations' && request.method() === 'GET') seen.push(url.searchParams);
  });
  return seen;
}

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('home session list with a generated history of 120 sessions', () => {
  // A function-valued option must be given as a fixture that provides it.
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (seeded = seedHistory(dirs, 120))) });

  test('infinite scroll loads pages 2 and 3 (and the rest) without duplicates, then says there is nothing more', async ({ page, cui }) => {
    const requests = listRequests(page);
    await page.goto(`/#token=${cui.token}`);
    await expect(page.getByRole('heading', { name: 'What is the next task?' })).toBeVisible();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);
    for (const expected of [60, 100, 120]) {
      await page.getByTestId('list-end').scrollIntoViewIfNeeded();
      await expect(sessionsList(page).locator(':scope > li')).toHaveCount(expected);
    }
    await expect(page.getByText('No more tasks to load')).toBeVisible();
    const ids = await rowIds(page);
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual(seeded.map((s) => s.sessionId));
    const pages = requests.map((q) => `${q.get('limit')}@${q.get('offset')}`);
    expect(pages.slice(0, 4)).toEqual(['20@0', '40@20', '40@60', '40@100']);
    for (const query of requests) {
      expect(query.get('archived')).toBe('false');
      expect(query.get('hasContinuation')).toBe('false');
      expect(query.get('sortBy')).toBe('updated');
      expect(query.get('order')).toBe('desc');
    }
  });

  test('a session pinned far down the history shows at the top of the first page', async ({ page, cui }) => {
    const requests = listRequests(page);
    const old = seeded[110] as SeededSession;
    const pin = await cui.api(`/api/conversations/${old.sessionId}/update`, { method: 'PUT', body: JSON.stringify({ pinned: true }) });
    expect(pin.status).toBe(200);
    await page.goto(`/#token=${cui.token}`);
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);
    expect((await rowIds(page))[0]).toBe(old.sessionId);
    expect(requests[0]?.get('pinnedFirst')).toBe('true');
  });

  test('rows show title, relative age, project, message count and line changes from the API', async ({ loggedInPage: page, cui }) => {
    const { conversations } = (await (await cui.api('/api/conversations?limit=50&sortBy=updated&order=desc')).json()) as { conversations: ConversationSummary[] };
    const rows = sessionsList(page).locator(':scope > li');
    await expect(rows).toHaveCount(20);
    const expectRow = async (index: number, age: string) => {
      const api = conversations[index] as ConversationSummary;
      const row = sessionsList(page).locator(`li[data-session-id="${api.sessionId}"]`);
      await expect(row.getByRole('link')).toHaveText(api.sessionInfo.custom_name || api.summary || 'New conversation');
      await expect(row).toContainText(age);
      await expect(row).toContainText(api.projectPath.split('/').pop() as string);
      await expect(row).toContainText(`${api.messageCount} messages`);
      return { row, api };
    };
    const first = await expectRow(0, 'Just now');
    expect(first.api.toolMetrics.linesAdded).toBeGreaterThan(0);
    await expect(first.row).toContainText(`+${first.api.toolMetrics.linesAdded}`);
    await expect(first.row).toContainText(`−${first.api.toolMetrics.linesRemoved}`);
    await expectRow(1, '37m ago');
    await expectRow(2, '1h ago');
    const second = await expectRow(1, '37m ago');
    await expect(second.row).not.toContainText('+');
    await expect(sessionsList(page)).toContainText(seeded[0]?.prompt as string);
  });

  test('reloads on window focus and on becoming visible, keeping the loaded count; switching tabs reloads', async ({ loggedInPage: page }) => {
    const requests = listRequests(page);
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);
    await page.getByTestId('list-end').scrollIntoViewIfNeeded();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(60);
    const before = requests.length;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => requests.slice(before).map((q) => `${q.get('limit')}@${q.get('offset')}`)).toContain('60@0');
    const afterFocus = requests.length;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => requests.length).toBeGreaterThan(afterFocus);
    expect(`${requests.at(-1)?.get('limit')}@${requests.at(-1)?.get('offset')}`).toBe('60@0');
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(60);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('No history tasks.')).toBeVisible();
    expect(requests.at(-1)?.get('hasContinuation')).toBe('true');
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByText('No archived tasks.')).toBeVisible();
    expect(requests.at(-1)?.get('archived')).toBe('true');
    const beforeTasks = requests.length;
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);
    expect(requests.length).toBeGreaterThan(beforeTasks);
  });

  test('shows the loading texts while pages load and the error texts when they fail', async ({ page, cui }) => {
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let failMore = true;
    await page.route('**/api/conversations?*', async (route) => {
      const offset = new URL(route.request().url()).searchParams.get('offset');
      if (offset === '0') {
        await firstHeld;
        return route.continue();
      }
      if (offset === '20' && failMore) {
        failMore = false;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom', code: 'internal' }) });
      }
      return route.continue();
    });
    await page.goto(`/#token=${cui.token}`);
    await expect(page.getByText('Loading tasks...')).toBeVisible();
    releaseFirst();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);
    await page.getByTestId('list-end').scrollIntoViewIfNeeded();
    await expect(page.getByText('Failed to load more conversations')).toBeVisible();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(20);

    let releaseMore: () => void = () => undefined;
    const moreHeld = new Promise<void>((resolve) => (releaseMore = resolve));
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/conversations?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('offset') === '20') await moreHeld;
      return route.continue();
    });
    // Focus reloads page 1 (clearing the error); the end marker then asks for page 2 again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('list-end').scrollIntoViewIfNeeded();
    await expect(page.getByText('Loading more tasks...')).toBeVisible();
    releaseMore();
    await expect(sessionsList(page).locator(':scope > li')).toHaveCount(60);

    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/conversations?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom', code: 'internal' }) }),
    );
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByText('Failed to load conversations')).toBeVisible();
  });
});

test.describe('home session list on a fresh install', () => {
  test('shows the empty texts of all three tabs', async ({ loggedInPage: page }) => {
    await expect(page.getByText('No active tasks.')).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('No history tasks.')).toBeVisible();
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByText('No archived tasks.')).toBeVisible();
  });
});
