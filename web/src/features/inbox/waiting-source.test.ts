import type { WaitingPermission } from '@cui/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_EVENT } from '@/app/auth-token';
import { createWaitingSource, WAITING_RETRY_MS } from './waiting-source';

const item: WaitingPermission = { id: 'a', streamingId: 'run', sessionTitle: 't', toolName: 'Edit', summary: 'x', timestamp: '2026-11-22T20:00:00.000Z' };
const line = (permissions: WaitingPermission[]) => `${JSON.stringify({ type: 'waiting', permissions })}\n`;

// The source loads the contract's schema with the first list that is not empty: loaded once here, its first decode
// does not wait for the contract's transform (which took over vi.waitFor's second on a loaded machine).
beforeAll(async () => {
  await import('@cui/contract');
});

/** A fetch whose every call answers with the next body from `bodies` (a body is the list of chunks, then the end). */
function setup(bodies: string[][]) {
  const lists: string[][] = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const signals: AbortSignal[] = [];
  const fetchFn = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    signals.push(init.signal as AbortSignal);
    const chunks = bodies.shift();
    // An open stream that errors when the caller aborts, as fetch's body does.
    if (!chunks) return new Response(new ReadableStream({ start: (c) => init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError'))) }), { status: 200 });
    return new Response(new ReadableStream({ start: (c) => { for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk)); c.close(); } }), { status: 200 });
  });
  const source = createWaitingSource({
    fetchFn,
    headers: () => new Headers({ authorization: 'Bearer t' }),
    onList: (waiting) => lists.push(waiting.map((p) => p.id)),
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: vi.fn(),
  });
  return { source, lists, timers, fetchFn, signals };
}

describe('waiting source', () => {
  it('reads lists across chunk boundaries, skipping heartbeats and lines that are not the contract', async () => {
    const whole = line([item]);
    const { source, lists, fetchFn } = setup([[': heartbeat\n', whole.slice(0, 10), whole.slice(10), '{"type":"other"}\nnot json\n', line([])]]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    source.start();
    await vi.waitFor(() => expect(lists).toEqual([['a'], []]));
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/permissions/waiting');
    source.stop();
  });

  it('reconnects after the stream ends or fails, and the next list replaces the last', async () => {
    const { source, lists, timers, fetchFn } = setup([[line([item])]]);
    source.start();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]?.ms).toBe(WAITING_RETRY_MS);
    fetchFn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    timers[0]?.callback();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(lists).toEqual([['a']]);
    source.stop();
  });

  it('stop aborts the open stream and schedules no reconnect; start opens at most one at a time', async () => {
    const { source, timers, fetchFn, signals } = setup([]);
    source.start();
    source.start();
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    source.stop();
    expect(signals[0]?.aborted).toBe(true);
    // The aborted read settles within this turn of the event loop; a reconnect would have been scheduled by then.
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers).toHaveLength(0);
    source.start();
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(2));
    source.stop();
  });

  it('a 401 sends the user back to the login screen, and the stream is not reopened', async () => {
    const { source, fetchFn, timers } = setup([]);
    fetchFn.mockResolvedValueOnce(Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 }));
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    source.start();
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers).toHaveLength(0);
    source.stop();
  });
});
