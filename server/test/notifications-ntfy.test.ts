import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogBuffer } from '../src/platform/log-buffer';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { startFakeNtfy, type FakeNtfy } from './fake-ntfy/index';
import { subscribePhone } from './fake-ntfy/phone';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { getJson, openStream, postJson, startOk } from './runs-support';

/** The notifier with the real CLI, the fake model and a fake ntfy server: what reaches the phone, and when not. */

const PUBLIC_URL = 'https://cui.example.test';
const logBuffer = createLogBuffer();
let fake: FakeAnthropic;
let ntfy: FakeNtfy;
let server: TestServer;
let machineId: string;

beforeAll(async () => {
  [fake, ntfy] = await Promise.all([startFakeAnthropic(), startFakeNtfy()]);
  server = await startTestServer({ anthropicBaseUrl: fake.url, logBuffer });
  machineId = String((await getJson(server, '/api/system/status')).body.machineId);
});
afterAll(async () => {
  await server.close();
  await Promise.all([fake.close(), ntfy.close()]);
});
beforeEach(async () => {
  ntfy.failWith(undefined);
  await configure({ enabled: true, ntfyUrl: ntfy.url, publicUrl: PUBLIC_URL });
});

async function configure(notifications: Record<string, unknown>): Promise<void> {
  const response = await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications } }) });
  expect(response.status).toBe(200);
}

const isPermissionRequest = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_request' }> => event.type === 'permission_request';
const messagesOf = (sessionId: string) => ntfy.messages.filter((message) => message.click === `${PUBLIC_URL}/c/${sessionId}`);

/** The notifier's log lines about one session and the ntfy channel (the test server logs at debug). */
function notifierLogs(sessionId: string, msg: string): Record<string, unknown>[] {
  return logBuffer
    .recent(1000)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.component === 'notifications' && entry.sessionId === sessionId && entry.msg === msg && (entry.channel ?? 'ntfy') === 'ntfy');
}
const logged = (sessionId: string, msg: string, count = 1) =>
  waitFor(() => notifierLogs(sessionId, msg).length >= count, { message: `${count} × '${msg}' for ${sessionId}` });

async function pendingPermission(streamingId: string) {
  const stream = await openStream(server, streamingId);
  const request = await stream.next(isPermissionRequest);
  if (!isPermissionRequest(request)) throw new Error('unreachable');
  return { stream, request: request.data };
}

describe('notifications through ntfy', () => {
  it('publishes a permission request and the finished run once each, on topic cui-<machineId>', async () => {
    const phone = subscribePhone(ntfy.url, `cui-${machineId}`);
    await phone.opened;
    const repo = makeRepo(path.join(server.dirs.work, 'notify'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt' });
    const { stream, request } = await pendingPermission(streamingId);
    const [asked] = await waitFor(() => (messagesOf(sessionId).length === 1 ? messagesOf(sessionId) : undefined), { message: 'permission message' });
    expect(asked).toMatchObject({
      topic: `cui-${machineId}`,
      title: 'CUI Permission Request',
      message: 'Edit: hello.txt',
      tags: ['cui-permission'],
      priority: 4,
      click: `${PUBLIC_URL}/c/${sessionId}`,
    });
    expect(ntfy.requests.at(-1)).toBe('POST /');

    expect((await postJson(server, `/api/permissions/${request.id}/decision`, { action: 'approve' })).status).toBe(200);
    await stream.ended;
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    await logged(sessionId, 'notification sent', 2);
    const finished = messagesOf(sessionId);
    expect(finished).toHaveLength(2);
    expect(finished[1]).toMatchObject({ title: 'Task Finished', tags: ['cui-complete'], priority: 3 });
    // Issue 24.5: the finished task's one button opens what it changed.
    expect(finished[1]?.actions).toEqual([{ action: 'view', label: 'Changes', url: `${PUBLIC_URL.replace(/\/+$/, '')}/c/${sessionId}?panel=changes`, clear: false }]);
    expect(finished[1]?.message).not.toBe('');
    await waitFor(() => phone.received.length === 2, { message: 'the phone got both' });
    expect(phone.received.map((message) => message.title)).toEqual(['CUI Permission Request', 'Task Finished']);
    phone.close();
  });

  it('sends nothing for a muted session', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'muted'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'write the file [gate:muted]' });
    await fake.gates.whenHeld('muted', 0);
    expect((await server.api(`/api/conversations/${sessionId}/update`, { method: 'PUT', body: JSON.stringify({ notify: false }) })).status).toBe(200);
    fake.gates.release('muted', 0);
    const { stream, request } = await pendingPermission(streamingId);
    await logged(sessionId, 'session muted: not notified');
    await postJson(server, `/api/permissions/${request.id}/decision`, { action: 'deny' });
    await fake.gates.whenHeld('muted', 1);
    fake.gates.release('muted', 1);
    await stream.ended;
    await logged(sessionId, 'session muted: not notified', 2);
    expect(notifierLogs(sessionId, 'session muted: not notified').map((entry) => entry.kind)).toEqual(['permission', 'run-ended']);
    expect(messagesOf(sessionId)).toEqual([]);
  });

  it('sends nothing while the master switch is off', async () => {
    await configure({ enabled: false });
    const repo = makeRepo(path.join(server.dirs.work, 'off'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'write the file' });
    const { stream, request } = await pendingPermission(streamingId);
    await postJson(server, `/api/permissions/${request.id}/decision`, { action: 'approve' });
    await stream.ended;
    await logged(sessionId, 'notifications off: not notified', 2);
    expect(messagesOf(sessionId)).toEqual([]);
  });

  it('does not notify the end of a run the user stopped', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'stopped'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'write the file' });
    const { stream } = await pendingPermission(streamingId);
    await waitFor(() => messagesOf(sessionId).length === 1, { message: 'permission message' });
    expect((await postJson(server, `/api/conversations/${streamingId}/stop`)).status).toBe(200);
    await stream.ended;
    await logged(sessionId, 'run stopped by the user: not notified');
    expect(messagesOf(sessionId).map((message) => message.title)).toEqual(['CUI Permission Request']);
  });

  it('a failing ntfy never blocks the run: the request is answered and the run finishes', async () => {
    ntfy.failWith(500);
    const repo = makeRepo(path.join(server.dirs.work, 'ntfy-down'));
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'write the file' });
    const { stream, request } = await pendingPermission(streamingId);
    await logged(sessionId, 'notification not delivered');
    expect((await postJson(server, `/api/permissions/${request.id}/decision`, { action: 'approve' })).status).toBe(200);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    expect(fs.existsSync(path.join(repo, 'new.txt'))).toBe(true);
    await logged(sessionId, 'notification not delivered', 2);
    expect(notifierLogs(sessionId, 'notification not delivered')[0]).toMatchObject({ channel: 'ntfy', err: { message: expect.stringContaining('ntfy answered 500') } });
    expect(messagesOf(sessionId)).toEqual([]);
  });
});
