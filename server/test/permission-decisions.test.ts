import fs from 'node:fs';
import path from 'node:path';
import type { PermissionDecisionRecord, StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { checkResponse } from './contract-check';
import { makeTestDirs, startTestServer, type TestServer } from './helpers';
import { openStream, postJson, startOk } from './runs-support';

/**
 * Issue 29.7: who decided each permission request (the conversation, the inbox, a notification) is kept with its
 * session in cui.db, so the conversation can say it from history, after a reload and after a restart.
 */

const dirs = makeTestDirs();
let fake: FakeAnthropic;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fake.url, dirs });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const isRequest = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_request' }> => event.type === 'permission_request';

/** Starts a run that asks for a permission, decides it with `body`, and waits for the run's end. */
async function decidedRun(name: string, prompt: string, body: Record<string, unknown>): Promise<{ sessionId: string; toolUseIds: string[] }> {
  const repo = makeRepo(path.join(server.dirs.work, name));
  const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: prompt });
  const stream = await openStream(server, streamingId);
  const request = await stream.next(isRequest);
  if (!isRequest(request)) throw new Error('unreachable');
  expect((await postJson(server, `/api/permissions/${request.data.id}/decision`, body)).status).toBe(200);
  await stream.ended;
  const toolUseIds = stream.events.flatMap((event) =>
    event.type === 'assistant' && Array.isArray(event.message.content) ? event.message.content.flatMap((block) => (block.type === 'tool_use' ? [String((block as { id: string }).id)] : [])) : [],
  );
  return { sessionId, toolUseIds };
}

async function decisionsOf(target: TestServer, sessionId: string): Promise<PermissionDecisionRecord[]> {
  const response = await target.api(`/api/conversations/${sessionId}/decisions`);
  await checkResponse('GET', `/api/conversations/${sessionId}/decisions`, response.clone());
  expect(response.status).toBe(200);
  return ((await response.json()) as { decisions: PermissionDecisionRecord[] }).decisions;
}

describe('decisions kept with the session', () => {
  it('keeps an inbox approval and a conversation denial with their sessions and tool uses, across a restart, as user data', async () => {
    const inbox = await decidedRun('inbox', 'fix the typo in hello.txt', { action: 'approve', via: 'inbox' });
    const page = await decidedRun('page', 'write the file', { action: 'deny' });

    const fromInbox = await decisionsOf(server, inbox.sessionId);
    expect(fromInbox).toEqual([expect.objectContaining({ sessionId: inbox.sessionId, toolName: 'Edit', status: 'approved', decidedVia: 'inbox' })]);
    expect(inbox.toolUseIds).toContain(fromInbox[0]?.toolUseId);
    const fromPage = await decisionsOf(server, page.sessionId);
    expect(fromPage).toEqual([expect.objectContaining({ sessionId: page.sessionId, status: 'denied', decidedVia: 'console' })]);
    expect(page.toolUseIds).toContain(fromPage[0]?.toolUseId);

    await server.close();
    const backup = JSON.parse(fs.readFileSync(path.join(dirs.cuiHome, 'user-data-backup.json'), 'utf8')) as { tables: Record<string, unknown[]> };
    expect(backup.tables.permission_decisions).toHaveLength(2);
    server = await startTestServer({ anthropicBaseUrl: fake.url, dirs });
    expect(await decisionsOf(server, inbox.sessionId)).toEqual(fromInbox);
    expect(await decisionsOf(server, '00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it("refuses a decision 'via' anything but the conversation or the inbox, and a session id that is not one", async () => {
    const bad = await postJson(server, '/api/permissions/nope/decision', { action: 'approve', via: 'notification' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('via must be either "console" or "inbox"');
    expect((await server.api('/api/conversations/not-a-session/decisions')).status).toBe(400);
  });
});
