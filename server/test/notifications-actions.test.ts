import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogBuffer } from '../src/platform/log-buffer';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { checkResponse } from './contract-check';
import { rawRequest } from './foundation-http';
import { startFakeNtfy, type FakeNtfy, type NtfyMessage } from './fake-ntfy/index';
import { subscribePhone, tapAction, type TapResult } from './fake-ntfy/phone';
import { startFakePushService, type FakePushService } from './fake-push/index';
import { createTestSubscriber, decryptPush } from './fake-push/push-decrypt';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { openStream, postJson, startOk, type StreamReader } from './runs-support';

/**
 * Approve/Deny from the notification itself, with the real CLI and the fake model: the ntfy "phone" taps an action
 * button as the Android app does (POST, no body, no content type) or the web app does (cross-origin), and the test
 * POSTs the action URLs it decrypted from a web push as the service worker does.
 */

const logBuffer = createLogBuffer();
let fake: FakeAnthropic;
let ntfy: FakeNtfy;
let push: FakePushService;
let server: TestServer;
let machineId: string;
const subscriber = createTestSubscriber();
const endpoint = () => `${push.url}/push/actions`;

beforeAll(async () => {
  [fake, ntfy, push] = await Promise.all([startFakeAnthropic(), startFakeNtfy(), startFakePushService()]);
  server = await startTestServer({ anthropicBaseUrl: fake.url, logBuffer, webPushAgent: push.agent });
  machineId = String(((await (await server.api('/api/system/status')).json()) as { machineId: string }).machineId);
  await configure({ enabled: true, ntfyUrl: ntfy.url });
  expect((await server.api('/api/notifications/status')).status).toBe(200);
  expect((await postJson(server, '/api/notifications/register', subscriber.subscription(endpoint()))).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await Promise.all([fake.close(), ntfy.close(), push.close()]);
});
beforeEach(async () => {
  // The server's own address is its "public" URL here: the phone's taps must reach it.
  await configure({ enabled: true, ntfyUrl: ntfy.url, publicUrl: server.url });
});

async function configure(notifications: Record<string, unknown>): Promise<void> {
  expect((await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications } }) })).status).toBe(200);
}

const isPermissionRequest = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_request' }> => event.type === 'permission_request';
const isResolved = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_resolved' }> => event.type === 'permission_resolved';

async function startAsking(name: string, prompt: string): Promise<{ repo: string; sessionId: string; stream: StreamReader; permissionId: string }> {
  const repo = makeRepo(path.join(server.dirs.work, name));
  const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: prompt });
  const stream = await openStream(server, streamingId);
  const request = await stream.next(isPermissionRequest);
  if (!isPermissionRequest(request)) throw new Error('unreachable');
  return { repo, sessionId, stream, permissionId: request.data.id };
}

/** The push for this permission request, decrypted as the browser would. */
async function pushFor(permissionId: string): Promise<{ approveUrl: string; denyUrl: string }> {
  return waitFor(
    () => {
      for (const received of push.received.filter((entry) => entry.path === '/push/actions')) {
        const payload = JSON.parse(decryptPush(received.body, subscriber)) as { data: { permissionRequestId?: string; approveUrl?: string; denyUrl?: string } };
        if (payload.data.permissionRequestId === permissionId && payload.data.approveUrl && payload.data.denyUrl) return { approveUrl: payload.data.approveUrl, denyUrl: payload.data.denyUrl };
      }
      return undefined;
    },
    { message: `push for ${permissionId}` },
  );
}

/** A tap's answer, checked against the route's contract like every other response the tests read. */
async function checked(tap: TapResult, url: string): Promise<TapResult & { json: unknown }> {
  const response = new Response(tap.body, { status: tap.status, headers: { 'content-type': String(tap.headers['content-type'] ?? '') } });
  await checkResponse('POST', new URL(url).pathname, response);
  return { ...tap, json: JSON.parse(tap.body) as unknown };
}

const resolvedVia = async (stream: StreamReader) => {
  const event = await stream.next(isResolved);
  return isResolved(event) ? { status: event.data.status, decidedVia: event.data.decidedVia } : undefined;
};
const tokenOf = (url: string) => url.split('/').pop() ?? '';
const logsText = () => logBuffer.recent(5000).join('\n');

describe('Approve/Deny from a notification', () => {
  it("runs the tool when the phone taps the ntfy message's Approve (Android: POST, no body, no content type); a second tap is 404", async () => {
    const phone = subscribePhone(ntfy.url, `cui-${machineId}`);
    await phone.opened;
    const { repo, sessionId, stream } = await startAsking('approve', 'fix the typo in hello.txt');
    const asked = await waitFor(() => phone.received.find((message) => message.click === `${server.url}/c/${sessionId}` && message.title === 'CUI Permission Request'), { message: 'the phone got the request' });
    const actions = asked.actions as { action: string; label: string; url: string; method?: string; clear: boolean }[];
    expect(actions).toEqual([
      { action: 'http', label: 'Approve', url: expect.stringMatching(new RegExp(`^${server.url}/api/notify-actions/[A-Za-z0-9_-]{43}$`)), method: 'POST', clear: true },
      { action: 'http', label: 'Deny', url: expect.stringMatching(/\/api\/notify-actions\/[A-Za-z0-9_-]{43}$/), method: 'POST', clear: true },
      // Issue 24.5: Changes opens the conversation's Changes panel (the message's click opens the conversation), no token.
      { action: 'view', label: 'Changes', url: `${server.url}/c/${sessionId}?panel=changes`, clear: false },
    ]);
    const [approve, deny] = actions as [(typeof actions)[0], (typeof actions)[0]];

    const tapped = await checked(await tapAction(approve, 'android'), approve.url);
    expect({ status: tapped.status, json: tapped.json }).toEqual({ status: 200, json: { success: true, status: 'approved' } });
    expect(await resolvedVia(stream)).toEqual({ status: 'approved', decidedVia: 'notification' });
    await stream.ended;
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    // Kept with the session (issue 29.7): the conversation says 'Approved from notification' from history too.
    const kept = (await (await server.api(`/api/conversations/${sessionId}/decisions`)).json()) as { decisions: unknown[] };
    expect(kept.decisions).toEqual([expect.objectContaining({ sessionId, toolName: 'Edit', status: 'approved', decidedVia: 'notification', toolUseId: expect.any(String) })]);

    for (const again of [approve, deny]) {
      const second = await checked(await tapAction(again, 'android'), again.url);
      expect({ status: second.status, code: (second.json as { code: string }).code }).toEqual({ status: 404, code: 'permission.not_found' });
    }
    const decided = logBuffer.recent(5000).map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'permission decided from a notification');
    expect(decided).toEqual([expect.objectContaining({ sessionId, status: 'approved', source: 'notification', toolName: 'Edit' })]);
    expect(logsText()).toContain('/api/notify-actions/[redacted]');
    for (const token of [approve, deny].map((action) => tokenOf(action.url))) expect(logsText()).not.toContain(token);
    phone.close();
  });

  it("denies from the web push's Deny URL, POSTed cross-origin (the ntfy web app's way): ACAO *, no credentials", async () => {
    const { repo, stream, permissionId } = await startAsking('deny', 'write the file');
    const { approveUrl, denyUrl } = await pushFor(permissionId);
    expect(approveUrl).toMatch(/^\/api\/notify-actions\/[A-Za-z0-9_-]{43}$/);

    const tapped = await checked(await tapAction({ url: server.url + denyUrl }, 'web'), server.url + denyUrl);
    expect({ status: tapped.status, json: tapped.json }).toEqual({ status: 200, json: { success: true, status: 'denied' } });
    expect(tapped.headers['access-control-allow-origin']).toBe('*');
    expect(tapped.headers['access-control-allow-credentials']).toBeUndefined();
    expect(await resolvedVia(stream)).toEqual({ status: 'denied', decidedVia: 'notification' });
    await stream.ended;
    expect(fs.existsSync(path.join(repo, 'new.txt'))).toBe(false);
    expect((await tapAction({ url: server.url + approveUrl }, 'android')).status).toBe(404);
    for (const url of [approveUrl, denyUrl]) expect(logsText()).not.toContain(tokenOf(url));
  });

  it('answers 409 for a request decided in the console, and 404 once its run ended; without a public URL ntfy gets no buttons', async () => {
    await configure({ enabled: true, ntfyUrl: ntfy.url, publicUrl: null });
    const before = ntfy.messages.length;
    const { stream, permissionId } = await startAsking('console', 'write the file');
    const { approveUrl } = await pushFor(permissionId);
    const message = await waitFor(() => ntfy.messages.slice(before).find((entry: NtfyMessage) => entry.title === 'CUI Permission Request'), { message: 'ntfy message' });
    expect(message.actions).toBeUndefined();
    expect(message.click).toBeUndefined();

    expect((await postJson(server, `/api/permissions/${permissionId}/decision`, { action: 'approve' })).status).toBe(200);
    expect(await resolvedVia(stream)).toEqual({ status: 'approved', decidedVia: 'console' });
    const late = await checked(await tapAction({ url: server.url + approveUrl }, 'web'), server.url + approveUrl);
    expect({ status: late.status, code: (late.json as { code: string }).code }).toEqual({ status: 409, code: 'permission.already_decided' });
    expect(late.headers['access-control-allow-origin']).toBe('*');
    await stream.ended;
    await waitFor(async () => (await tapAction({ url: server.url + approveUrl }, 'android')).status === 404, { message: 'the link dies with the run' });
  });
});

describe('the capability route on its own', () => {
  it('is rate-limited per client (429 after the limit) and is the only API route a foreign origin may POST to', async () => {
    const limited = await startTestServer({ capabilityLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const url = `${limited.url}/api/notify-actions/${'A'.repeat(43)}`;
      for (let i = 0; i < 3; i += 1) expect((await tapAction({ url }, 'android')).status).toBe(404);
      const refused = await checked(await tapAction({ url }, 'android'), url);
      expect({ status: refused.status, code: (refused.json as { code: string }).code }).toEqual({ status: 429, code: 'auth.rate_limited' });
      expect(refused.headers['retry-after']).toBeDefined();
      const foreign = await tapAction({ url: `${limited.url}/api/notifications/test` }, 'web');
      expect(foreign.status).toBe(403);
    } finally {
      await limited.close();
    }
  });

  it("accepts the public URL's host (a tunnel that keeps it) besides loopback, and still refuses any other host", async () => {
    const tunnelled = await startTestServer({});
    try {
      const configured = await tunnelled.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications: { publicUrl: 'https://CUI.example.test' } } }) });
      expect(configured.status).toBe(200);
      const url = `${tunnelled.url}/api/notify-actions/${'B'.repeat(43)}`;
      expect((await rawRequest(url, { method: 'POST', headers: { host: 'cui.example.test' } })).status).toBe(404);
      expect((await rawRequest(url, { method: 'POST', headers: { host: 'evil.example' } })).status).toBe(403);
      expect((await rawRequest(url, { method: 'POST', headers: { host: 'cui.example.test:8443' } })).status).toBe(403);
    } finally {
      await tunnelled.close();
    }
  });
});

describe('guessing is limited, not use', () => {
  it('40 bad-token posts from one client (past the limit of 30) do not stop a valid tap from that client; the guesses then get 429', async () => {
    const { stream, permissionId } = await startAsking('jammed', 'write the file');
    const { approveUrl } = await pushFor(permissionId);
    const guess = `${server.url}/api/notify-actions/${'C'.repeat(43)}`;
    const guesses: number[] = [];
    for (let i = 0; i < 40; i += 1) guesses.push((await tapAction({ url: guess }, 'web')).status);
    // The file's earlier tests' dead links count too (same client, same minute): 404 until the limit, then 429 only.
    const firstRefused = guesses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(30);
    expect(new Set(guesses.slice(0, firstRefused))).toEqual(new Set([404]));
    expect(new Set(guesses.slice(firstRefused))).toEqual(new Set([429]));

    const tapped = await checked(await tapAction({ url: server.url + approveUrl }, 'web'), server.url + approveUrl);
    expect({ status: tapped.status, json: tapped.json }).toEqual({ status: 200, json: { success: true, status: 'approved' } });
    expect(await resolvedVia(stream)).toEqual({ status: 'approved', decidedVia: 'notification' });
    await stream.ended;
    const refused = await checked(await tapAction({ url: guess }, 'web'), guess);
    expect({ status: refused.status, code: (refused.json as { code: string }).code }).toEqual({ status: 429, code: 'auth.rate_limited' });
  });
});
