import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedHistory, type SeededSession } from './home-seed';

let seeded: SeededSession[] = [];
const rows = (page: Page) => page.getByRole('list', { name: 'Sessions' }).locator(':scope > li');
const row = (page: Page, sessionId: string) => page.locator(`li[data-session-id="${sessionId}"]`);
const firstRowId = (page: Page) => rows(page).first().getAttribute('data-session-id');

async function openMenu(page: Page, sessionId: string) {
  await row(page, sessionId).hover();
  await row(page, sessionId).getByRole('button', { name: 'More options' }).click();
  return page.getByRole('menu');
}

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('home row actions', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (seeded = seedHistory(dirs, 6))) });

  test('pinning moves a row to the top and survives a reload; Unpin puts it back', async ({ loggedInPage: page }) => {
    const last = seeded[5] as SeededSession;
    await expect(rows(page)).toHaveCount(6);
    expect(await rows(page).last().getAttribute('data-session-id')).toBe(last.sessionId);
    const menu = await openMenu(page, last.sessionId);
    await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Pin', 'Mute']);
    await menu.getByRole('menuitem', { name: 'Pin' }).click();
    await expect.poll(() => firstRowId(page)).toBe(last.sessionId);
    await expect(row(page, last.sessionId).getByLabel('Pinned')).toBeVisible();
    await page.reload();
    await expect.poll(() => firstRowId(page)).toBe(last.sessionId);
    await (await openMenu(page, last.sessionId)).getByRole('menuitem', { name: 'Unpin' }).click();
    await expect.poll(() => rows(page).last().getAttribute('data-session-id')).toBe(last.sessionId);
  });

  test('rename saves on Enter (live counter, max 200) and cancels on Escape', async ({ loggedInPage: page }) => {
    const target = seeded[1] as SeededSession;
    const link = row(page, target.sessionId).getByRole('link');
    await expect(link).toHaveText(target.prompt);
    await (await openMenu(page, target.sessionId)).getByRole('menuitem', { name: 'Rename' }).click();
    const input = row(page, target.sessionId).getByRole('textbox', { name: 'Session name' });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('maxlength', '200');
    await input.fill('Checkout redesign');
    await expect(row(page, target.sessionId)).toContainText('17/200');
    await input.press('Enter');
    await expect(link).toHaveText('Checkout redesign');
    await page.reload();
    await expect(link).toHaveText('Checkout redesign');

    await (await openMenu(page, target.sessionId)).getByRole('menuitem', { name: 'Rename' }).click();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(link).toHaveText('Checkout redesign');
    await page.reload();
    await expect(link).toHaveText('Checkout redesign');
  });

  test('archive moves a row to the Archive tab and Unarchive brings it back', async ({ loggedInPage: page }) => {
    const target = seeded[2] as SeededSession;
    await row(page, target.sessionId).hover();
    await row(page, target.sessionId).getByRole('button', { name: 'Archive' }).click();
    await expect(row(page, target.sessionId)).toHaveCount(0);
    await expect(rows(page)).toHaveCount(5);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(rows(page)).toHaveCount(1);
    await row(page, target.sessionId).hover();
    await row(page, target.sessionId).getByRole('button', { name: 'Unarchive' }).click();
    await expect(page.getByText('No archived tasks.')).toBeVisible();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(row(page, target.sessionId)).toBeVisible();
    await expect(rows(page)).toHaveCount(6);
  });

  test('a failing archive hides the row at once and restores it', async ({ loggedInPage: page }) => {
    const target = seeded[3] as SeededSession;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/conversations/*/update', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'disk full', code: 'internal' }) });
    });
    await row(page, target.sessionId).hover();
    await row(page, target.sessionId).getByRole('button', { name: 'Archive' }).click();
    await expect(row(page, target.sessionId)).toHaveCount(0);
    release();
    await expect(row(page, target.sessionId)).toBeVisible();
    await expect(rows(page)).toHaveCount(6);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByText('No archived tasks.')).toBeVisible();
  });

  test('Mute is stored on the server: it survives a reload and shows in a second browser; Notify me lifts it', async ({ loggedInPage: page, browser, cui }) => {
    const target = seeded[0] as SeededSession;
    const muted = page.waitForResponse((r) => r.url().endsWith(`/api/conversations/${target.sessionId}/update`) && r.ok());
    await (await openMenu(page, target.sessionId)).getByRole('menuitem', { name: 'Mute' }).click();
    await muted;
    await page.reload();
    await expect((await openMenu(page, target.sessionId)).getByRole('menuitem', { name: 'Notify me' })).toBeVisible();
    await page.keyboard.press('Escape');

    const other = await browser.newContext({ baseURL: cui.url });
    const second = await other.newPage();
    await second.goto(`/#token=${cui.token}`);
    await expect((await openMenu(second, target.sessionId)).getByRole('menuitem', { name: 'Notify me' })).toBeVisible();
    await second.getByRole('menuitem', { name: 'Notify me' }).click();
    await expect((await openMenu(second, target.sessionId)).getByRole('menuitem', { name: 'Mute' })).toBeVisible();
    await other.close();
    const row = (await (await cui.api('/api/conversations?limit=50')).json()) as { conversations: { sessionId: string; sessionInfo: { notify: boolean } }[] };
    expect(row.conversations.find((c) => c.sessionId === target.sessionId)?.sessionInfo.notify).toBe(true);
  });

  test('a notify list an older build left in local storage moves to the server once', async ({ loggedInPage: page, cui }) => {
    const target = seeded[1] as SeededSession;
    await cui.api(`/api/conversations/${target.sessionId}/update`, { method: 'PUT', body: JSON.stringify({ notify: false }) });
    // Left in storage before the app's code runs on the next load only (the first load already looked for it).
    await page.addInitScript((id) => {
      if (sessionStorage.getItem('legacy-seeded')) return;
      sessionStorage.setItem('legacy-seeded', '1');
      localStorage.setItem('cui-notify-sessions', JSON.stringify([id]));
    }, target.sessionId);
    let movedAt = false;
    const moved = page.waitForResponse((r) => {
      movedAt ||= r.url().endsWith(`/api/conversations/${target.sessionId}/update`) && r.ok();
      return movedAt;
    });
    // The list reloads after the move (a request sent once the move's answer arrived), so the row shows the moved flag.
    const listAfterMove = page.waitForRequest((r) => movedAt && new URL(r.url()).pathname === '/api/conversations');
    await page.reload();
    await moved;
    await (await listAfterMove).response();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cui-notify-sessions'))).toBeNull();
    await expect((await openMenu(page, target.sessionId)).getByRole('menuitem', { name: 'Mute' })).toBeVisible();
  });

  test('clicking a row opens the conversation; Ctrl-click opens it in a new tab', async ({ loggedInPage: page, context }) => {
    const target = seeded[4] as SeededSession;
    const pagePromise = context.waitForEvent('page');
    await row(page, target.sessionId).getByRole('link').click({ modifiers: ['ControlOrMeta'] });
    const opened = await pagePromise;
    await opened.waitForURL(`**/c/${target.sessionId}`);
    expect(new URL(page.url()).pathname).toBe('/');
    await opened.close();
    // A click on the row's meta line (not the title) opens it too: the whole row is the link.
    const box = await row(page, target.sessionId).getByText('2 messages').boundingBox();
    const rowBox = await row(page, target.sessionId).boundingBox();
    await row(page, target.sessionId).click({ position: { x: (box?.x ?? 0) - (rowBox?.x ?? 0) + 5, y: (box?.y ?? 0) - (rowBox?.y ?? 0) + 5 } });
    await page.waitForURL(`**/c/${target.sessionId}`);
  });

  test('History lists the sessions that were continued, and Tasks leaves them out', async ({ loggedInPage: page, cui }) => {
    const [continued, next] = seeded as [SeededSession, SeededSession];
    const response = await cui.api(`/api/conversations/${continued.sessionId}/update`, { method: 'PUT', body: JSON.stringify({ continuationSessionId: next.sessionId }) });
    expect(response.status).toBe(200);
    await page.reload();
    await expect(rows(page)).toHaveCount(5);
    await expect(row(page, continued.sessionId)).toHaveCount(0);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(rows(page)).toHaveCount(1);
    // The row's title, then the link to the conversation that continues it (issue 29 point 8).
    await expect(row(page, continued.sessionId).getByRole('link').first()).toHaveText(continued.prompt);
    await expect(row(page, continued.sessionId).getByRole('link', { name: /Continued in a newer conversation/ })).toHaveAttribute('href', `/c/${next.sessionId}`);
  });

  test('completed-row actions appear on hover on desktop and stay shown on a phone-sized screen', async ({ loggedInPage: page }) => {
    const target = row(page, (seeded[0] as SeededSession).sessionId);
    const opacity = () => target.getByTestId('row-actions').evaluate((el) => getComputedStyle(el).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    await target.hover();
    await expect.poll(opacity).toBe('1');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('1');
  });
});
