import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PermissionRequest } from '../contract/permissions';
import { startFakePushService, type FakePushService } from '../server/test/fake-push/index';
import { createTestSubscriber, decryptPush } from '../server/test/fake-push/push-decrypt';
import { makeRepo, startRun } from './conversation-helpers';
import { expect, test } from './fixtures';
import { deliverPush, listenToWorker, workerMessages } from './support/web-push';

/**
 * Web push in Chromium: the browser's `subscribe` is stubbed (Debian's Chromium cannot reach a push service) with a
 * subscription whose keys the test holds; the server encrypts to a local push service, the test decrypts and hands
 * the plaintext to the service worker over CDP, and the worker's 'notification-shown' message is the assertion.
 * A permission request's push shows Approve/Deny (and Changes); a tap on Approve makes the worker POST the request's
 * action link: the run goes on, and the conversation says 'Approved from notification'; Changes opens its Changes panel.
 */

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePushService();
});
test.afterAll(async () => {
  await push.close();
});
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

type SubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

async function stubPushManager(page: Page, subscription: SubscriptionJson): Promise<void> {
  await page.addInitScript((sub: SubscriptionJson) => {
    let current: object | null = null;
    PushManager.prototype.subscribe = async function subscribe() {
      current = { endpoint: sub.endpoint, expirationTime: null, toJSON: () => sub, unsubscribe: async () => ((current = null), true) };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current as PushSubscription | null;
    };
  }, subscription);
}

test('enabling web push registers the subscription, and a push shows a notification from the service worker', async ({ page, cui, context }) => {
  const subscriber = createTestSubscriber();
  const endpoint = `${push.url}/push/e2e`;
  await stubPushManager(page, subscriber.subscription(endpoint));
  await context.grantPermissions(['notifications'], { origin: cui.url });
  await cui.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications: { enabled: true } } }) });
  await page.goto(`/#token=${cui.token}`);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Notifications' }).click();
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog.getByText('Status: Subscribed on this device')).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeHidden();

  // The server has the subscription: its test push reaches our endpoint, encrypted to our keys.
  await dialog.getByRole('button', { name: 'Send Test Notification' }).click();
  await expect(dialog.getByText('Test notification sent')).toBeVisible();
  const received = push.received.find((entry) => entry.path === '/push/e2e');
  if (!received) throw new Error('the push service got nothing');
  const plaintext = decryptPush(received.body, subscriber);
  expect(JSON.parse(plaintext)).toMatchObject({ title: 'CUI Test', message: 'This is a test notification' });

  await listenToWorker(page);
  await deliverPush(context, page, cui.url, plaintext);
  await expect.poll(() => workerMessages(page)).toContainEqual(expect.objectContaining({ type: 'notification-shown', title: 'CUI Test', tag: 'cui-test', actions: [] }));

  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog.getByText('Status: Not subscribed on this device')).toBeVisible();
});

test('the app is installable: manifest and icon are served, and Chromium reports no installability error but incognito', async ({ loggedInPage: page, cui, context }) => {
  const manifest = await fetch(`${cui.url}/manifest.webmanifest`);
  expect(manifest.status).toBe(200);
  expect(await manifest.json()).toMatchObject({ short_name: 'cui', start_url: '/', display: 'standalone', icons: [
    { src: '/icon.svg', sizes: 'any' },
    { src: '/icon-192.png', sizes: '192x192', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
  ] });
  expect((await fetch(`${cui.url}/icon.svg`)).headers.get('content-type')).toContain('image/svg+xml');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const cdp = await context.newCDPSession(page);
  // A Playwright context is an incognito profile, which Chromium always names; any other entry is a real problem.
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId))
    .toEqual(['in-incognito']);
});

interface ShownMessage {
  type: 'notification-shown';
  tag: string;
  actions: string[];
  data: Record<string, unknown>;
}

test("Approve on a pushed permission request lets the run continue, and the conversation says 'Approved from notification'", async ({ loggedInPage: page, cui, context }) => {
  const subscriber = createTestSubscriber();
  await context.grantPermissions(['notifications'], { origin: cui.url });
  await cui.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications: { enabled: true, ntfyUrl: 'http://127.0.0.1:9' } } }) });
  expect((await (await cui.api('/api/notifications/status')).json()) as { hasPublicKey: boolean }).toMatchObject({ hasPublicKey: true });
  const endpoint = `${push.url}/push/approve-e2e`;
  expect((await cui.api('/api/notifications/register', { method: 'POST', body: JSON.stringify(subscriber.subscription(endpoint)) })).status).toBe(200);
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { type: 'module', scope: '/' }).then(() => undefined));

  const repo = makeRepo(cui.dirs, 'approve-from-push');
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt', permissionMode: 'default' });
  await page.goto(`/c/${run.sessionId}`);
  const pushed = () => push.received.find((entry) => entry.path === '/push/approve-e2e');
  await expect.poll(pushed, { timeout: 30_000 }).toBeDefined();
  const received = pushed();
  if (!received) throw new Error('unreachable');
  const plaintext = decryptPush(received.body, subscriber);
  const permissionId = (JSON.parse(plaintext) as { data: { permissionRequestId: string } }).data.permissionRequestId;

  await listenToWorker(page);
  await deliverPush(context, page, cui.url, plaintext);
  await expect
    .poll(async () => (await workerMessages(page)).find((message) => (message as ShownMessage).type === 'notification-shown'))
    .toMatchObject({
      tag: `cui-permission-${permissionId}`,
      actions: ['approve', 'deny', 'changes'],
      data: { type: 'permission', sessionId: run.sessionId, approveUrl: expect.stringMatching(/^\/api\/notify-actions\//), changesUrl: `/c/${run.sessionId}?panel=changes` },
    });
  const shown = (await workerMessages(page)).find((message) => (message as ShownMessage).type === 'notification-shown') as ShownMessage;

  // The tap: the worker's own notificationclick handler, given the data it showed and the Approve action. A real
  // NotificationEvent needs the Notification from getNotifications(), which headless Chromium sometimes never lists.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate((data) => {
    const tap = Object.assign(new Event('notificationclick'), { action: 'approve', notification: { data, close: () => undefined }, waitUntil: () => undefined });
    self.dispatchEvent(tap);
  }, shown.data);

  await expect.poll(async () => (await workerMessages(page)).find((message) => (message as { type: string }).type === 'notification-action')).toMatchObject({ action: 'approve', status: 200, permissionRequestId: permissionId });
  const permissions = (await (await cui.api(`/api/permissions?streamingId=${run.streamingId}`)).json()) as { permissions: PermissionRequest[] };
  expect(permissions.permissions).toEqual([expect.objectContaining({ id: permissionId, status: 'approved', decidedVia: 'notification' })]);
  await expect(page.getByRole('note')).toHaveText('Approved from notification');
  await expect.poll(() => fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8'), { timeout: 30_000 }).toBe('hello world\n');

  // Issue 29.7: kept with the session, so once the run is over a reload (history only, no stream) still says who decided.
  const listed = async () => ((await (await cui.api(`/api/conversations?sessionId=${run.sessionId}`)).json()) as { conversations: { status: string }[] }).conversations[0]?.status;
  await expect.poll(listed, { timeout: 30_000 }).toBe('completed');
  await page.reload();
  await expect(page.getByText('Approved from notification')).toHaveCount(1);
  await expect(page.getByRole('note')).toHaveText('Approved from notification');

  // Issue 24.5: the notification's Changes takes the open window to the conversation's Changes panel (what the run
  // changed once approved). A browser showing two buttons leaves it out; where it shows, this is the tap.
  await worker.evaluate((data) => {
    const tap = Object.assign(new Event('notificationclick'), { action: 'changes', notification: { data, close: () => undefined }, waitUntil: () => undefined });
    self.dispatchEvent(tap);
  }, shown.data);
  await page.waitForURL(`/c/${run.sessionId}?panel=changes`);
  const changes = page.getByRole('dialog', { name: 'Changes' });
  await expect(changes.getByRole('region', { name: 'Not staged' }).getByTestId('change-row')).toContainText(/hello\.txt\s*\+1\s*−1/);
});
