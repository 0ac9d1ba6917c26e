import type { Page } from '@playwright/test';
import { startFakePushService, type FakePushService } from '../server/test/fake-push/index';
import { createTestSubscriber, decryptPush } from '../server/test/fake-push/push-decrypt';
import { expect, test } from './fixtures';
import { deliverPush, listenToWorker, workerMessages } from './support/web-push';

/**
 * Web push in Chromium: the browser's `subscribe` is stubbed (Debian's Chromium cannot reach a push service) with a
 * subscription whose keys the test holds; the server encrypts to a local push service, the test decrypts and hands
 * the plaintext to the service worker over CDP, and the worker's 'notification-shown' message is the assertion.
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
  expect(await manifest.json()).toMatchObject({ short_name: 'cui', start_url: '/', display: 'standalone', icons: [{ src: '/icon.svg', sizes: 'any' }] });
  expect((await fetch(`${cui.url}/icon.svg`)).headers.get('content-type')).toContain('image/svg+xml');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const cdp = await context.newCDPSession(page);
  // A Playwright context is an incognito profile, which Chromium always names; any other entry is a real problem.
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId))
    .toEqual(['in-incognito']);
});
