import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../fake-model/test-support';
import { waitFor } from './helpers';
import { cliPidForSession, openStream, postJson, startOk, useRunServer } from './runs-support';

/** Text as it is typed, and interrupt vs stop: the real CLI against the fake's slow scenario. */

const ctx = useRunServer();

type Delta = Extract<StreamEvent, { type: 'assistant_delta' }>;
const deltasOf = (events: StreamEvent[]): Delta[] => events.filter((event): event is Delta => event.type === 'assistant_delta');
const textOf = (event: StreamEvent | undefined): string =>
  event?.type === 'assistant' && Array.isArray(event.message.content)
    ? event.message.content.map((block) => (block.type === 'text' ? String(block.text) : '')).join('')
    : '';

/** The block's text as a viewer rebuilds it from the pieces it got (offset semantics of the contract). */
function rebuild(deltas: Delta[]): string {
  let text = '';
  for (const delta of deltas) text = text.slice(0, delta.offset) + delta.text;
  return text;
}

/** Starts a slow run and waits until its text is being typed (at least `deltas` pieces). */
async function startTyping(name: string, prompt: string, deltas = 1) {
  const started = await startOk(ctx.server, { workingDirectory: ctx.newRepo(name), initialPrompt: prompt });
  const stream = await openStream(ctx.server, started.streamingId);
  await stream.next(() => deltasOf(stream.all).length >= deltas);
  return { ...started, stream };
}

describe('text as it is typed', () => {
  it('sends more than one delta before the complete message, whose text is the same', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('deltas'), initialPrompt: 'be slow please' });
    const stream = await openStream(ctx.server, streamingId);
    await stream.ended;
    const assistantAt = stream.all.findIndex((event) => event.type === 'assistant');
    const before = deltasOf(stream.all.slice(0, assistantAt));
    expect(before.length).toBeGreaterThan(1);
    expect(new Set(before.map((delta) => delta.messageId))).toEqual(new Set([(stream.all[assistantAt] as { message: { id: string } }).message.id]));
    expect(before.every((delta) => delta.seq === undefined && delta.kind === 'text')).toBe(true);
    expect(rebuild(before)).toBe(textOf(stream.all[assistantAt]));
    expect(deltasOf(stream.all.slice(assistantAt))).toEqual([]);
  });

  it('gives a viewer joining mid-message the text so far at once, then the rest', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('late-viewer'), initialPrompt: 'be slow, joined late' });
    const first = await openStream(ctx.server, streamingId);
    await first.next(() => rebuild(deltasOf(first.all)).split(' ').length >= 3);
    const late = await openStream(ctx.server, streamingId);
    await Promise.all([first.ended, late.ended]);

    const lateDeltas = deltasOf(late.all);
    const [snapshot] = lateDeltas;
    expect(snapshot?.offset).toBe(0);
    expect(snapshot?.text.split(' ').length).toBeGreaterThanOrEqual(3);
    const final = textOf(late.events.find((event) => event.type === 'assistant'));
    expect(final.startsWith(snapshot?.text ?? '?')).toBe(true);
    expect(lateDeltas.length).toBeGreaterThan(1);
    expect(rebuild(lateDeltas)).toBe(final);
    // The replay log has no deltas: a viewer of the finished run gets the complete message only.
    const after = await openStream(ctx.server, streamingId);
    await after.ended;
    expect(deltasOf(after.all)).toEqual([]);
    expect(textOf(after.events.find((event) => event.type === 'assistant'))).toBe(final);
  });
});

describe('interrupt', () => {
  it('ends the turn with an interrupted result, keeps the process, which answers the next message in the same session', async () => {
    const { streamingId, sessionId, stream } = await startTyping('interrupt', 'be slow, then stop', 2);
    const pid = await waitFor(() => cliPidForSession(ctx.server.dirs.claudeConfigDir, sessionId), { message: 'CLI registered its pid' });

    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/interrupt`)).toEqual({ status: 200, body: { success: true } });
    const interrupted = await stream.next((event) => event.type === 'result');
    expect(interrupted).toMatchObject({ subtype: 'error_during_execution', interrupted: true, session_id: sessionId });
    expect(isAlive(pid)).toBe(true);
    expect(stream.events.some((event) => event.type === 'closed')).toBe(false);
    // Idle: interrupting again is harmless.
    expect(await postJson(ctx.server, `/api/conversations/${sessionId}/interrupt`)).toEqual({ status: 200, body: { success: true } });

    expect(await postJson(ctx.server, `/api/conversations/${sessionId}/messages`, { message: 'hello after the interrupt [gate:next-turn]' })).toEqual({ status: 200, body: { success: true, queued: null } });
    // The reply is held: the same process is working on the next turn.
    await ctx.fake.gates.whenHeld('next-turn');
    expect(cliPidForSession(ctx.server.dirs.claudeConfigDir, sessionId)).toBe(pid);
    expect(isAlive(pid)).toBe(true);
    ctx.fake.gates.release('next-turn');
    const answer = await stream.next((event) => event.type === 'result' && event !== interrupted);
    expect(answer).toMatchObject({ subtype: 'success', session_id: sessionId });
    expect(String((answer as { result?: string }).result)).toContain('Echo: "hello after the interrupt [gate:next-turn]"');
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed', exitCode: 0 });
    expect(isAlive(pid)).toBe(false);
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/interrupt`)).toMatchObject({ status: 410, body: { code: 'run.finished' } });
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/messages`, { message: 'late' })).toMatchObject({ status: 410, body: { code: 'run.finished' } });
    expect(await postJson(ctx.server, '/api/conversations/no-such-run/interrupt')).toMatchObject({ status: 404, body: { code: 'run.not_found' } });
  });
});

type Result = Extract<StreamEvent, { type: 'result' }>;
const resultsOf = (events: StreamEvent[]): Result[] => events.filter((event): event is Result => event.type === 'result');

describe('stop after an interrupt', () => {
  it('ends a run waiting for its next message: the process is gone and viewers got closed (stopped)', async () => {
    const { streamingId, sessionId, stream } = await startTyping('interrupt-stop', 'be slow, then wait');
    const pid = await waitFor(() => cliPidForSession(ctx.server.dirs.claudeConfigDir, sessionId), { message: 'CLI registered its pid' });
    await postJson(ctx.server, `/api/conversations/${streamingId}/interrupt`);
    await stream.next((event) => event.type === 'result' && event.interrupted === true);
    expect(isAlive(pid)).toBe(true);
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/stop`)).toEqual({ status: 200, body: { success: true } });
    expect(isAlive(pid)).toBe(false);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'stopped' });
  });
});

describe('queue and steer', () => {
  it('runs messages queued during a turn in order after it, keeps the queue for a reloading viewer, and drops a removed one', async () => {
    const { streamingId, stream } = await startTyping('queue', 'be slow while I queue');
    const send = (message: string) => postJson(ctx.server, `/api/conversations/${streamingId}/messages`, { message });
    const [one, two, three] = [await send('queued one'), await send('queued two'), await send('queued three')];
    expect(one).toMatchObject({ status: 200, body: { success: true, queued: { text: 'queued one' } } });
    const threeId = (three.body.queued as { id: string }).id;
    expect(await ctx.server.api(`/api/conversations/${streamingId}/queue/${threeId}`, { method: 'DELETE' }).then((r) => r.status)).toBe(200);
    expect(await ctx.server.api(`/api/conversations/${streamingId}/queue/${threeId}`, { method: 'DELETE' }).then((r) => r.status)).toBe(404);

    // A reload mid-turn: the replayed log ends with the queue as it is.
    const reload = await openStream(ctx.server, streamingId);
    await reload.next((event) => event.type === 'queue_updated' && event.queued.length === 2);
    const lastQueue = reload.events.filter((event) => event.type === 'queue_updated').at(-1);
    expect(lastQueue).toMatchObject({ queued: [{ text: 'queued one' }, { text: 'queued two' }] });
    reload.close();

    await stream.ended;
    const results = resultsOf(stream.events);
    expect(results.map((result) => result.subtype)).toEqual(['success', 'success', 'success']);
    expect(results[0]?.result).toContain('word40.');
    expect(results[1]?.result).toContain('Echo: "queued one"');
    expect(results[2]?.result).toContain('Echo: "queued two"');
    const started = stream.events.flatMap((event) => (event.type === 'queue_updated' && event.started ? [event.started.text] : []));
    expect(started).toEqual(['queued one', 'queued two']);
    expect(JSON.stringify(stream.events)).not.toContain('Echo: \\"queued three');
    expect(two.body.queued).toMatchObject({ text: 'queued two' });
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });

  it("'now' cuts the running turn and runs the message at once", async () => {
    const { streamingId, stream } = await startTyping('steer', 'be slow until steered', 2);
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/messages`, { message: 'steer now', priority: 'now' })).toMatchObject({ status: 200, body: { queued: { text: 'steer now' } } });
    await stream.ended;
    const results = resultsOf(stream.events);
    expect(results[0]).toMatchObject({ interrupted: true });
    expect(results[0]?.result ?? '').not.toContain('word40.');
    expect(results[1]).toMatchObject({ subtype: 'success' });
    expect(results[1]?.result).toContain('Echo: "steer now"');
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });

  it('sends a queued message now: the turn is cut and it runs next', async () => {
    const { streamingId, stream } = await startTyping('send-now', 'be slow, one is queued');
    const queued = await postJson(ctx.server, `/api/conversations/${streamingId}/messages`, { message: 'queued then urgent' });
    const id = (queued.body.queued as { id: string }).id;
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/queue/${id}/now`)).toEqual({ status: 200, body: { success: true } });
    await stream.ended;
    const results = resultsOf(stream.events);
    expect(results[0]).toMatchObject({ interrupted: true });
    expect(results[1]?.result).toContain('Echo: "queued then urgent"');
    expect(results).toHaveLength(2);
    expect(await postJson(ctx.server, `/api/conversations/${streamingId}/queue/${id}/now`)).toMatchObject({ status: 410, body: { code: 'run.finished' } });
  });
});
