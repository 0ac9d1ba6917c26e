import path from 'node:path';
import type { ConversationSummary } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { isAlive, makeRepo } from '../../fake-model/test-support';
import { startTestServer, waitFor } from './helpers';
import { cliPidForSession, getJson, openStream, postJson, startOk, typesOf, useRunServer } from './runs-support';

/** Streams (replay, several viewers), stop, and shutdown with the real CLI against the fake model. */

const RETENTION_MS = 500;
const ctx = useRunServer();
const { newRepo } = ctx;

async function sessionRow(sessionId: string): Promise<ConversationSummary | undefined> {
  const { body } = await getJson(ctx.server, '/api/conversations?limit=100');
  return (body.conversations as ConversationSummary[]).find((row) => row.sessionId === sessionId);
}
const withoutConnected = <T extends { type: string }>(events: T[]): T[] => events.filter((event) => event.type !== 'connected');

describe('run streams', () => {
  it('gives a viewer that connects after the run finished every event, and two viewers the same sequence', async () => {
    const repo = newRepo('replay');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hello there' });
    const [first, second] = await Promise.all([openStream(ctx.server, streamingId), openStream(ctx.server, streamingId)]);
    await Promise.all([first.ended, second.ended]);
    expect(withoutConnected(second.events)).toEqual(withoutConnected(first.events));
    // With partial messages on, the CLI reports `system/status: requesting` before each model request.
    expect(typesOf(withoutConnected(first.events))).toEqual(['system_init', 'system', 'assistant', 'result', 'closed']);

    const late = await openStream(ctx.server, streamingId);
    await late.ended;
    expect(late.events[0]).toMatchObject({ type: 'connected', streamingId });
    expect(withoutConnected(late.events)).toEqual(withoutConnected(first.events));

    const fromTwo = await openStream(ctx.server, streamingId, 2);
    await fromTwo.ended;
    expect(withoutConnected(fromTwo.events)).toEqual(withoutConnected(first.events).slice(2));
  });

  it('answers 404 JSON for an unknown streaming id and 410 once a finished run was dropped', async () => {
    const unknown = await getJson(ctx.server, '/api/stream/not-a-run');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'run.not_found' } });

    // Its own server, so the short retention cannot race the replay tests.
    const own = await startTestServer({ anthropicBaseUrl: ctx.fake.url, runOptions: { retentionMs: RETENTION_MS } });
    try {
      const { streamingId } = await startOk(own, { workingDirectory: makeRepo(path.join(own.dirs.work, 'dropped')), initialPrompt: 'hello again' });
      const stream = await openStream(own, streamingId);
      await stream.ended;
      const gone = await waitFor(async () => {
        const response = await getJson(own, `/api/stream/${streamingId}`);
        return response.status === 410 ? response : undefined;
      }, { timeoutMs: RETENTION_MS * 10, message: 'finished run dropped' });
      expect(gone.body).toMatchObject({ code: 'run.finished' });
      expect(String(gone.body.error)).toContain('finished');
      expect(await postJson(own, `/api/conversations/${streamingId}/stop`)).toEqual({ status: 200, body: { success: true } });
    } finally {
      await own.close();
    }
  });
});

describe('stopping a run', () => {
  it('ends a slow run promptly: the CLI process is gone and viewers got closed', async () => {
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: newRepo('stop'), initialPrompt: 'be slow please' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'ongoing', streamingId });
    const stream = await openStream(ctx.server, streamingId);
    await stream.next((event) => event.type === 'system_init');
    const pid = await waitFor(() => cliPidForSession(ctx.server.dirs.claudeConfigDir, sessionId), { message: 'CLI registered its pid' });
    expect(isAlive(pid)).toBe(true);
    await waitFor(() => ctx.fake.requests.some((r) => r.lastUserText === 'be slow please'), { message: 'slow request in flight' });

    const started = Date.now();
    const stop = await postJson(ctx.server, `/api/conversations/${streamingId}/stop`);
    expect(stop).toEqual({ status: 200, body: { success: true } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(isAlive(pid)).toBe(false);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', streamingId, reason: 'stopped' });
    expect((await getJson(ctx.server, '/api/system/status')).body.activeConversations).toBe(0);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'completed' });

    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/stop`)).toEqual({ status: 200, body: { success: true } });
    expect(await postJson(ctx.server, '/api/conversations/no-such-run/stop')).toMatchObject({ status: 404, body: { code: 'run.not_found' } });
  });

  it('stops by session id and settles a pending permission as denied', async () => {
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: newRepo('stop-perm'), initialPrompt: 'run bash for me' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next((event) => event.type === 'permission_request');
    const stop = await postJson(ctx.server, `/api/conversations/${sessionId}/stop`);
    expect(stop.status).toBe(200);
    await stream.ended;
    const resolved = stream.events.find((event) => event.type === 'permission_resolved');
    expect(resolved).toMatchObject({ data: { status: 'denied' } });
    expect(request.type === 'permission_request' && resolved?.type === 'permission_resolved' && resolved.data.id === request.data.id).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'stopped' });
    const pending = await getJson(ctx.server, `/api/permissions?streamingId=${streamingId}&status=pending`);
    expect(pending.body.permissions).toEqual([]);
  });

  it('reports a CLI killed from outside as crashed, with an error event, settling its pending permission', async () => {
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: newRepo('crash'), initialPrompt: 'run bash and crash' });
    const stream = await openStream(ctx.server, streamingId);
    await stream.next((event) => event.type === 'permission_request');
    const pid = await waitFor(() => cliPidForSession(ctx.server.dirs.claudeConfigDir, sessionId), { message: 'CLI registered its pid' });
    process.kill(pid, 'SIGKILL');
    await stream.ended;
    expect(stream.events.find((event) => event.type === 'permission_resolved')).toMatchObject({ data: { status: 'denied' } });
    const error = stream.events.find((event) => event.type === 'error');
    expect(error?.type === 'error' && error.error).toContain('SIGKILL');
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'crashed', exitCode: null });
    expect((await getJson(ctx.server, '/api/system/status')).body.activeConversations).toBe(0);
  });

  it('server shutdown stops every run and leaves no CLI process', async () => {
    const own = await startTestServer({ anthropicBaseUrl: ctx.fake.url });
    const runs = await Promise.all(
      ['slow one', 'slow two'].map((prompt) => startOk(own, { workingDirectory: makeRepo(path.join(own.dirs.work, prompt.replace(' ', '-'))), initialPrompt: `be ${prompt}` })),
    );
    const pids = await Promise.all(runs.map((run) => waitFor(() => cliPidForSession(own.dirs.claudeConfigDir, run.sessionId), { message: 'CLI pid' })));
    const stream = await openStream(own, runs[0]!.streamingId);
    await own.close();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'stopped' });
  });
});
