import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAPID_SUBJECT } from '../src/features/notifications/web-push';
import { createLogBuffer } from '../src/platform/log-buffer';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { startFakeNtfy, type FakeNtfy } from './fake-ntfy/index';
import { startFakePushService, type FakePushService } from './fake-push/index';
import { createTestSubscriber, decryptPush, verifyVapid } from './fake-push/push-decrypt';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { getJson, openStream, postJson, startOk } from './runs-support';

/** Web push with the real CLI and the fake model: a local HTTPS push service records, the test decrypts like a browser. */

const logBuffer = createLogBuffer();
let fake: FakeAnthropic;
let ntfy: FakeNtfy;
let push: FakePushService;
let server: TestServer;

beforeAll(async () => {
  [fake, ntfy, push] = await Promise.all([startFakeAnthropic(), startFakeNtfy(), startFakePushService()]);
  server = await startTestServer({ anthropicBaseUrl: fake.url, logBuffer, webPushAgent: push.agent });
});
afterAll(async () => {
  await server.close();
  await Promise.all([fake.close(), ntfy.close(), push.close()]);
});

async function configure(notifications: Record<string, unknown>): Promise<void> {
  const response = await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications } }) });
  expect(response.status).toBe(200);
}
const pushesTo = (pathname: string) => push.received.filter((received) => received.path === pathname);
const isPermissionRequest = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_request' }> => event.type === 'permission_request';

describe('web push', () => {
  it('generates the VAPID keys on first use with notifications on, and never shows the private key', async () => {
    expect((await getJson(server, '/api/notifications/status')).body).toEqual({ hasPublicKey: false });
    await configure({ enabled: true, ntfyUrl: ntfy.url });
    const { body } = await getJson(server, '/api/notifications/status');
    expect(body).toMatchObject({ hasPublicKey: true, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    expect((await getJson(server, '/api/notifications/status')).body.publicKey).toBe(body.publicKey);
    const file = JSON.parse(fs.readFileSync(path.join(server.dirs.cuiHome, 'config.json'), 'utf8')) as { webPush: { vapidPrivateKey: string; vapidPublicKey: string } };
    expect(file.webPush.vapidPublicKey).toBe(body.publicKey);
    const privateKey = file.webPush.vapidPrivateKey;
    expect(JSON.stringify((await getJson(server, '/api/config')).body)).not.toContain(privateKey);
    expect(logBuffer.recent(1000).join('\n')).not.toContain(privateKey);
  });

  it('refuses a subscription with an http endpoint or keys of the wrong length', async () => {
    const good = createTestSubscriber().subscription(`${push.url}/push/validated`);
    const http = await postJson(server, '/api/notifications/register', { ...good, endpoint: 'http://127.0.0.1:1/push' });
    expect(http).toMatchObject({ status: 400, body: { code: 'validation.failed', error: expect.stringContaining('endpoint must be an https URL') } });
    const short = await postJson(server, '/api/notifications/register', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } });
    expect(short).toMatchObject({ status: 400, body: { error: expect.stringContaining('keys.p256dh must decode to 65 bytes') } });
    const auth = await postJson(server, '/api/notifications/register', { ...good, keys: { ...good.keys, auth: 'AAAA' } });
    expect(auth).toMatchObject({ status: 400, body: { error: expect.stringContaining('keys.auth must decode to 16 bytes') } });
    expect(await postJson(server, '/api/notifications/register', good)).toEqual({ status: 200, body: { success: true } });
  });

  it('delivers a permission request encrypted and VAPID-signed, naming the tool and session, even while ntfy fails', async () => {
    ntfy.failWith(500);
    const subscriber = createTestSubscriber();
    expect((await postJson(server, '/api/notifications/register', subscriber.subscription(`${push.url}/push/phone`))).status).toBe(200);
    const repo = makeRepo(path.join(server.dirs.work, 'pushed'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'write the file' });
    const stream = await openStream(server, streamingId);
    const request = await stream.next(isPermissionRequest);
    if (!isPermissionRequest(request)) throw new Error('unreachable');

    const [received] = await waitFor(() => (pushesTo('/push/phone').length > 0 ? pushesTo('/push/phone') : undefined), { message: 'push delivered' });
    if (!received) throw new Error('unreachable');
    expect(received.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '60', urgency: 'high' });
    const payload = JSON.parse(decryptPush(received.body, subscriber)) as Record<string, unknown>;
    expect(payload).toEqual({
      title: 'CUI Permission Request',
      message: 'Write: new.txt',
      tag: `cui-permission-${request.data.id}`,
      data: {
        type: 'permission',
        sessionId,
        streamingId,
        permissionRequestId: request.data.id,
        approveUrl: expect.stringMatching(/^\/api\/notify-actions\/[A-Za-z0-9_-]{43}$/),
        denyUrl: expect.stringMatching(/^\/api\/notify-actions\/[A-Za-z0-9_-]{43}$/),
        changesUrl: `/c/${sessionId}?panel=changes`,
      },
    });
    const vapid = verifyVapid(received.headers.authorization as string);
    expect(vapid.claims).toMatchObject({ aud: push.url, sub: VAPID_SUBJECT });
    expect(vapid.publicKey).toBe((await getJson(server, '/api/notifications/status')).body.publicKey);
    expect(ntfy.messages.some((message) => message.message === 'Write: new.txt')).toBe(false);

    await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' });
    await stream.ended;
    await waitFor(() => pushesTo('/push/phone').length === 2, { message: 'the finished run pushed too' });
    expect(JSON.parse(decryptPush(pushesTo('/push/phone')[1]?.body ?? Buffer.alloc(0), subscriber))).toMatchObject({ title: 'Task Finished', data: { type: 'conversation-end', sessionId, changesUrl: `/c/${sessionId}?panel=changes` } });
    expect((await postJson(server, '/api/notifications/unregister', { endpoint: `${push.url}/push/phone` })).status).toBe(200);
    ntfy.failWith(undefined);
  });

  it("sends a test push ('CUI Test' by default), deletes a subscription the push service says is gone, and forgets an unregistered one", async () => {
    const phone = createTestSubscriber();
    const gone = createTestSubscriber();
    await postJson(server, '/api/notifications/register', phone.subscription(`${push.url}/push/test`));
    await postJson(server, '/api/notifications/register', gone.subscription(`${push.url}/gone/old`));

    const ntfyTests = () => ntfy.messages.filter((message) => message.title === 'CUI Test' || message.title === 'Hi');
    expect(await postJson(server, '/api/notifications/test', {})).toEqual({
      status: 200,
      body: { success: false, channels: [{ channel: 'ntfy', sent: true }, { channel: 'webpush', sent: false, error: '1 push subscription(s) not reached' }] },
    });
    expect(ntfyTests()).toEqual([expect.objectContaining({ title: 'CUI Test', message: 'This is a test notification', topic: expect.stringMatching(/^cui-/) })]);
    const [first] = pushesTo('/push/test');
    expect(JSON.parse(decryptPush(first?.body ?? Buffer.alloc(0), phone))).toEqual({ title: 'CUI Test', message: 'This is a test notification', tag: 'cui-test', data: { type: 'test' } });
    expect(pushesTo('/gone/old')).toHaveLength(1);

    expect(await postJson(server, '/api/notifications/test', { title: 'Hi', message: 'there' })).toEqual({
      status: 200,
      body: { success: true, channels: [{ channel: 'ntfy', sent: true }, { channel: 'webpush', sent: true }] },
    });
    expect(pushesTo('/gone/old')).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushesTo('/push/test')[1]?.body ?? Buffer.alloc(0), phone))).toMatchObject({ title: 'Hi', message: 'there' });

    await postJson(server, '/api/notifications/unregister', { endpoint: `${push.url}/push/test` });
    await postJson(server, '/api/notifications/test', {});
    expect(pushesTo('/push/test')).toHaveLength(2);
  });

  it('tests ntfy alone when no browser is subscribed, says which channels were sent, and tries none while notifications are off', async () => {
    await postJson(server, '/api/notifications/unregister', { endpoint: `${push.url}/push/validated` });
    const before = ntfy.messages.length;
    expect(await postJson(server, '/api/notifications/test', {})).toEqual({ status: 200, body: { success: true, channels: [{ channel: 'ntfy', sent: true }] } });
    expect(ntfy.messages.slice(before)).toEqual([expect.objectContaining({ title: 'CUI Test', message: 'This is a test notification' })]);
    ntfy.failWith(500);
    const failed = await postJson(server, '/api/notifications/test', {});
    expect(failed).toMatchObject({ status: 200, body: { success: false, channels: [{ channel: 'ntfy', sent: false, error: expect.stringContaining('ntfy answered 500') }] } });
    ntfy.failWith(undefined);
    await configure({ enabled: false });
    expect(await postJson(server, '/api/notifications/test', {})).toEqual({ status: 200, body: { success: false, channels: [] } });
    await configure({ enabled: true });
  });
});
