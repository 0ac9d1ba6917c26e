import fs from 'node:fs';
import path from 'node:path';
import type { ConversationDetails, ConversationMessage, ConversationSummary } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, startOk, useRunServer } from './runs-support';

/** Restore files to a message and branch from a message (issue 24 points 3 and 4), on the real CLI. */

const ctx = useRunServer();

async function runToEnd(body: Record<string, unknown>) {
  const started = await startOk(ctx.server, body);
  const stream = await openStream(ctx.server, started.streamingId);
  await stream.ended;
  return started;
}

async function messagesOf(sessionId: string): Promise<ConversationMessage[]> {
  const { status, body } = await getJson(ctx.server, `/api/conversations/${sessionId}`);
  expect(status).toBe(200);
  return (body as unknown as ConversationDetails).messages;
}

const textOf = (message: ConversationMessage): string =>
  typeof message.message.content === 'string' ? message.message.content : JSON.stringify(message.message.content);

/** The uuid of the user message the console sent with this prompt. */
async function promptUuid(sessionId: string, prompt: string): Promise<string> {
  const found = (await messagesOf(sessionId)).find((message) => message.type === 'user' && textOf(message) === prompt);
  if (!found) throw new Error(`no user message "${prompt}" in ${sessionId}`);
  return found.uuid;
}

/** The session's list row, once the index lists it. */
const listed = (sessionId: string): Promise<ConversationSummary> =>
  waitFor(async () => {
    const { body } = await getJson(ctx.server, '/api/conversations?limit=100');
    return (body.conversations as ConversationSummary[]).find((c) => c.sessionId === sessionId);
  }, { message: `session ${sessionId} listed` });

const rewind = (sessionId: string, messageId: string, preview = false) => postJson(ctx.server, `/api/conversations/${sessionId}/rewind${preview ? '/preview' : ''}`, { messageId });

describe('restoring files to a message', () => {
  it('previews the edit with its +/− (no model call), then brings the old content back', async () => {
    const repo = ctx.newRepo('rewind-fix');
    const file = path.join(repo, 'hello.txt');
    const { sessionId } = await runToEnd({ workingDirectory: repo, initialPrompt: 'fix the typo', permissionMode: 'acceptEdits' });
    expect(fs.readFileSync(file, 'utf8')).toContain('hello world');
    const messageId = await promptUuid(sessionId, 'fix the typo');
    const modelCalls = ctx.fake.requests.length;

    expect(await rewind(sessionId, messageId, true)).toEqual({ status: 200, body: { canRewind: true, filesChanged: [file], insertions: 1, deletions: 1 } });
    expect(fs.readFileSync(file, 'utf8')).toContain('hello world');
    expect(await rewind(sessionId, messageId)).toEqual({ status: 200, body: { success: true, filesChanged: [file], skippedLinks: 0 } });
    expect(fs.readFileSync(file, 'utf8')).toContain('helo wrld');
    expect(ctx.fake.requests.length).toBe(modelCalls);

    // Nothing left to restore; an unknown message has no checkpoint.
    expect(await rewind(sessionId, messageId, true)).toMatchObject({ status: 200, body: { canRewind: true, filesChanged: [] } });
    expect(await rewind(sessionId, '00000000-0000-4000-8000-000000000000', true)).toMatchObject({ status: 200, body: { canRewind: false, error: expect.any(String) } });
    expect(await rewind(sessionId, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 409, body: { code: 'rewind.unavailable' } });
  });

  it('does not cover a change made by a shell command', async () => {
    const repo = ctx.newRepo('rewind-bash');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'run bash' });
    const stream = await openStream(ctx.server, streamingId);
    const asked = await stream.next((event) => event.type === 'permission_request');
    if (asked.type !== 'permission_request') throw new Error('no permission request');
    expect((await postJson(ctx.server, `/api/permissions/${asked.data.id}/decision`, { action: 'approve' })).status).toBe(200);
    await stream.ended;
    const made = path.join(repo, 'bash_out.txt');
    expect(fs.existsSync(made)).toBe(true);
    const messageId = await promptUuid(sessionId, 'run bash');
    const { status, body } = await rewind(sessionId, messageId, true);
    expect(status).toBe(200);
    expect(body).toMatchObject({ canRewind: true });
    expect(body.filesChanged).not.toContain(made);
    expect((await rewind(sessionId, messageId)).status).toBe(200);
    expect(fs.readFileSync(made, 'utf8')).toBe('from-bash\n');
  });

  it('answers 409 while the session works, 404 for an unknown session, 400 for a bad body', async () => {
    const repo = ctx.newRepo('rewind-busy');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hold on [gate:rw-busy]' });
    const stream = await openStream(ctx.server, streamingId);
    await ctx.fake.gates.whenHeld('rw-busy');
    expect(await rewind(sessionId, '00000000-0000-4000-8000-000000000000', true)).toMatchObject({ status: 409, body: { code: 'rewind.busy' } });
    expect(await rewind(sessionId, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 409, body: { code: 'rewind.busy' } });
    ctx.fake.gates.release('rw-busy');
    await stream.ended;
    expect(await rewind('00000000-0000-4000-8000-00000000abcd', 'x', true)).toMatchObject({ status: 404, body: { code: 'session.not_found' } });
    expect(await postJson(ctx.server, `/api/conversations/${sessionId}/rewind`, {})).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect(await postJson(ctx.server, '/api/conversations/not-a-session/branch', { messageId: 'x' })).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
  });
});

describe('branching from a message', () => {
  it('makes a new conversation with exactly the messages up to the chosen one, with no model call', async () => {
    const repo = ctx.newRepo('branch');
    const first = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello one' });
    const second = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello two', resumedSessionId: first.sessionId });
    const source = await messagesOf(second.sessionId);
    const chosen = source.findIndex((message) => message.type === 'assistant' && textOf(message).includes('hello one'));
    expect(chosen).toBeGreaterThan(0);
    const modelCalls = ctx.fake.requests.length;

    const { status, body } = await postJson(ctx.server, `/api/conversations/${second.sessionId}/branch`, { messageId: source[chosen]?.uuid });
    expect(status).toBe(200);
    const branch = body.sessionId as string;
    expect(branch).not.toBe(second.sessionId);
    const copied = await messagesOf(branch);
    expect(copied.map((message) => [message.type, textOf(message)])).toEqual(source.slice(0, chosen + 1).map((message) => [message.type, textOf(message)]));
    expect(copied.every((message) => !source.some((original) => original.uuid === message.uuid))).toBe(true);
    expect(ctx.fake.requests.length).toBe(modelCalls);

    const row = await listed(branch);
    expect(row.branchedFrom).toEqual({ sessionId: second.sessionId, messageId: source[chosen]?.uuid });
    // Continued, the branch's newer session (the one the list shows) is still marked a branch.
    const continued = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello branch', resumedSessionId: branch });
    expect((await listed(continued.sessionId)).branchedFrom).toEqual(row.branchedFrom);

    expect(await postJson(ctx.server, `/api/conversations/${second.sessionId}/branch`, { messageId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 404, body: { code: 'rewind.message_not_found' } });
  });
});
