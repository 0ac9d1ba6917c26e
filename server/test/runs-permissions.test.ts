import fs from 'node:fs';
import path from 'node:path';
import { PermissionRequest, type ConversationSummary, type StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { BASH_COMMAND } from '../../fake-model/scenarios/bash';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, startOk, typesOf, useRunServer } from './runs-support';

/** The real pinned CLI against the fake model: permissions through the stdio protocol (canUseTool). */

const ctx = useRunServer();
const { newRepo } = ctx;

const isPermissionRequest = (event: StreamEvent): event is Extract<StreamEvent, { type: 'permission_request' }> => event.type === 'permission_request';

async function sessionRow(sessionId: string): Promise<ConversationSummary | undefined> {
  const { body } = await getJson(ctx.server, '/api/conversations?limit=100');
  return (body.conversations as ConversationSummary[]).find((row) => row.sessionId === sessionId);
}

async function decide(id: string, body: Record<string, unknown>) {
  return postJson(ctx.server, `/api/permissions/${id}/decision`, body);
}

describe('permissions of a run', () => {
  it('start → stream → Edit permission → approve → file changed → result → closed', async () => {
    const repo = newRepo('approve');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt' });
    const stream = await openStream(ctx.server, streamingId);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('application/x-ndjson');

    const live = await getJson(ctx.server, '/api/system/status');
    expect(live.body.activeConversations).toBe(1);

    const request = await stream.next((event) => event.type === 'permission_request');
    if (!isPermissionRequest(request)) throw new Error('unreachable');
    expect(request.data).toMatchObject({ streamingId, sessionId, toolName: 'Edit', status: 'pending' });
    expect(request.data.toolInput).toMatchObject({ old_string: 'helo wrld', new_string: 'hello world' });
    const pending = await getJson(ctx.server, `/api/permissions?streamingId=${streamingId}&status=pending`);
    expect((pending.body.permissions as PermissionRequest[]).map((p) => p.id)).toEqual([request.data.id]);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');

    const ongoing = await sessionRow(sessionId);
    expect(ongoing).toMatchObject({ status: 'ongoing', streamingId, projectPath: repo });

    const decision = await decide(request.data.id, { action: 'approve' });
    expect(decision.status).toBe(200);
    expect(PermissionRequest.parse(decision.body.permission).status).toBe('approved');

    await stream.ended;
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    const types = typesOf(stream.events);
    expect(types[0]).toBe('connected');
    expect(types[1]).toBe('system_init');
    expect(types).toContain('assistant');
    expect(types.indexOf('permission_request')).toBeLessThan(types.indexOf('permission_resolved'));
    expect(types.at(-2)).toBe('result');
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', streamingId, reason: 'completed', exitCode: 0 });
    const init = stream.events[1];
    expect(init).toMatchObject({ type: 'system_init', cwd: repo, session_id: sessionId });
    expect(stream.events.find((e) => e.type === 'result')).toMatchObject({ is_error: false, session_id: sessionId });
    const resolved = stream.events.find((e) => e.type === 'permission_resolved');
    expect(resolved).toMatchObject({ data: { id: request.data.id, status: 'approved' } });
    // seq numbers are consecutive from 0 after `connected`
    expect(stream.events.slice(1).map((e) => e.seq)).toEqual(stream.events.slice(1).map((_, i) => i));
    await waitFor(async () => (await getJson(ctx.server, '/api/system/status')).body.activeConversations === 0, { message: 'run no longer active' });
    const completed = await waitFor(async () => {
      const row = await sessionRow(sessionId);
      return row?.status === 'completed' ? row : undefined;
    }, { message: 'session completed in the list' });
    expect(completed.streamingId).toBeUndefined();
  });

  it('deny → file unchanged and the model received the reason', async () => {
    const repo = newRepo('deny');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'fix the typo please' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next(isPermissionRequest);
    if (!isPermissionRequest(request)) throw new Error('unreachable');
    const reason = 'keep the typo, it is a test fixture';
    const decision = await decide(request.data.id, { action: 'deny', denyReason: reason });
    expect(decision.body.permission).toMatchObject({ status: 'denied', denyReason: reason });
    await stream.ended;
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');
    const toolResults = ctx.fake.requests.filter((r) => r.lastToolResult?.includes(reason));
    expect(toolResults.length).toBeGreaterThan(0);
    expect(stream.events.find((e) => e.type === 'result')).toMatchObject({ is_error: false });
  });

  it('approve with modifiedInput → the modified Bash command ran', async () => {
    const repo = newRepo('modified');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'run bash now' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next(isPermissionRequest);
    if (!isPermissionRequest(request)) throw new Error('unreachable');
    expect(request.data).toMatchObject({ toolName: 'Bash', toolInput: { command: BASH_COMMAND } });
    const command = 'echo modified-by-user > modified.txt && cat modified.txt';
    const decision = await decide(request.data.id, { action: 'approve', modifiedInput: { command } });
    expect(decision.body.permission).toMatchObject({ status: 'approved', modifiedInput: { command } });
    await stream.ended;
    expect(fs.readFileSync(path.join(repo, 'modified.txt'), 'utf8')).toBe('modified-by-user\n');
    expect(fs.existsSync(path.join(repo, 'bash_out.txt'))).toBe(false);
  });

  it('answers 409 to a second decision and 404 to an unknown permission', async () => {
    const repo = newRepo('twice');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'write the file' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next(isPermissionRequest);
    if (!isPermissionRequest(request)) throw new Error('unreachable');
    expect((await decide(request.data.id, { action: 'approve' })).status).toBe(200);
    const again = await decide(request.data.id, { action: 'deny' });
    expect(again).toMatchObject({ status: 409, body: { code: 'permission.already_decided' } });
    const unknown = await decide('no-such-permission', { action: 'approve' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'permission.not_found' } });
    const invalid = await decide(request.data.id, { action: 'maybe' });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'Action must be either "approve" or "deny"' } });
    await stream.ended;
    const all = await getJson(ctx.server, `/api/permissions?streamingId=${streamingId}`);
    expect(all.body.permissions).toEqual([expect.objectContaining({ id: request.data.id, status: 'approved' })]);
  });
});
