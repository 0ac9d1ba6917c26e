import fs from 'node:fs';
import path from 'node:path';
import type { PermissionRequest } from '../contract/permissions';
import { startFakePushService, type FakePushService } from '../server/test/fake-push/index';
import { createTestSubscriber, decryptPush } from '../server/test/fake-push/push-decrypt';
import { makeRepo, startRun } from './conversation-helpers';
import { expect, test } from './fixtures';
import { deliverPush, listenToWorker, workerMessages } from './support/web-push';

/**
 * Approve from the notification itself, in Chromium: the server pushes a permission request (encrypted to the
 * test's subscription), the service worker gets it over CDP and shows Approve/Deny, and a tap on Approve makes the
 * worker POST the request's action link: the run goes on, and the conversation says 'Approved from notification'.
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
    .toMatchObject({ tag: `cui-permission-${permissionId}`, actions: ['approve', 'deny'], data: { type: 'permission', sessionId: run.sessionId, approveUrl: expect.stringMatching(/^\/api\/notify-actions\//) } });
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
});
