import type { FollowEvent } from '@cui/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_EVENT } from '@/app/auth-token';
import { keepFollowing, readFollowStream } from './follow-stream';

const SESSION = '11111111-2222-4333-8444-555555555555';

function streamOf(lines: string[]): Response {
  return new Response(lines.map((line) => `${line}\n`).join(''), { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

async function eventsOf(lines: string[]): Promise<FollowEvent[]> {
  vi.stubGlobal('fetch', vi.fn(async () => streamOf(lines)));
  const events: FollowEvent[] = [];
  await readFollowStream(SESSION, new AbortController().signal, (event) => events.push(event));
  return events;
}

afterEach(() => vi.unstubAllGlobals());

describe('readFollowStream', () => {
  it('passes the small events (checked by hand) and the messages (checked by the schema), skipping anything malformed', async () => {
    const message = { uuid: 'u1', type: 'user', message: { role: 'user', content: 'hi' }, timestamp: '2026-11-22T00:00:00.000Z', isSidechain: false, parentUuid: null };
    const events = await eventsOf([
      JSON.stringify({ type: 'connected', sessionId: SESSION, offset: 10, activeInTerminal: true }),
      ':heartbeat',
      JSON.stringify({ type: 'connected', sessionId: SESSION, offset: -1, activeInTerminal: true }),
      JSON.stringify({ type: 'activity', activeInTerminal: 'yes' }),
      '{"type":',
      JSON.stringify({ type: 'messages', messages: [message], offset: 99 }),
      JSON.stringify({ type: 'messages', messages: [{ uuid: 1 }], offset: 100 }),
      JSON.stringify({ type: 'activity', activeInTerminal: false }),
    ]);
    expect(events.map((event) => event.type)).toEqual(['connected', 'messages', 'activity']);
    expect(events[0]).toEqual({ type: 'connected', sessionId: SESSION, offset: 10, activeInTerminal: true });
    expect(events[1]).toMatchObject({ offset: 99, messages: [{ uuid: 'u1' }] });
    expect(events[2]).toEqual({ type: 'activity', activeInTerminal: false });
  });
});

describe('keepFollowing', () => {
  afterEach(() => vi.useRealTimers());

  it('reconnects after a drop from the offset it reached, so nothing written in between is lost', async () => {
    vi.useFakeTimers();
    const fetchFn = vi.fn(async () => streamOf([JSON.stringify({ type: 'connected', sessionId: SESSION, offset: 10, activeInTerminal: false }), JSON.stringify({ type: 'activity', activeInTerminal: true })]));
    vi.stubGlobal('fetch', fetchFn);
    const events: FollowEvent[] = [];
    const stop = keepFollowing(SESSION, (event) => events.push(event), 5000);
    await vi.advanceTimersByTimeAsync(0);
    expect(events.map((event) => event.type)).toEqual(['connected', 'activity']);
    await vi.advanceTimersByTimeAsync(5000);
    stop();
    expect(fetchFn.mock.calls.map((call: unknown[]) => call[0])).toEqual([`/api/conversations/${SESSION}/follow`, `/api/conversations/${SESSION}/follow?from=10`]);
  });

  it('a 401 sends the user to the login screen and is not retried', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchFn = vi.fn(async () => Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 }));
    vi.stubGlobal('fetch', fetchFn);
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    const stop = keepFollowing(SESSION, () => undefined, 5000);
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
