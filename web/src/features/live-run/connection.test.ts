import type { StreamEvent } from '@cui/contract';
import { describe, expect, it, vi } from 'vitest';
import { type ConnectionState, exponentialRetry, type PageVisibility } from '@/app/stream';
import { createStreamConnection } from './connection';
import { STREAM_UNREACHABLE } from '@/app/stream';
import { UNAUTHORIZED_EVENT } from '@/app/auth-token';

function streamResponse(lines: string[], keepOpen = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const line of lines) controller.enqueue(encoder.encode(line));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { status: 200 });
}

function harness(responses: Array<(url: string, init?: RequestInit) => Response | Promise<Response>>) {
  const urls: string[] = [];
  const events: StreamEvent[] = [];
  const states: ConnectionState[] = [];
  const errors: string[] = [];
  const gone: boolean[] = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  let visible = true;
  let visibleCallback: (() => void) | undefined;
  const visibility: PageVisibility = {
    isVisible: () => visible,
    onVisible: (callback) => {
      visibleCallback = callback;
      return () => (visibleCallback = undefined);
    },
  };
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    const next = responses.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return next(url, init);
  });
  const connection = createStreamConnection({
    streamingId: 'run-1',
    fetchFn: fetchFn as unknown as typeof fetch,
    headers: () => new Headers({ Authorization: 'Bearer t' }),
    visibility,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onError: (message) => errors.push(message),
    onGone: () => gone.push(true),
    fromSeq: 0,
  });
  return {
    connection, urls, events, states, errors, gone, timers, fetchFn,
    setVisible: (value: boolean) => (visible = value),
    becomeVisible: () => visibleCallback?.(),
  };
}

const line = (event: object) => `${JSON.stringify(event)}\n`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await settle();
  expect(check()).toBe(true);
}

describe('createStreamConnection', () => {
  it('sends the bearer token, reports connecting then connected, and delivers events in order', async () => {
    const h = harness([() => streamResponse([line({ type: 'connected', streamingId: 'run-1', seq: 0 }), ': hb\n', line({ type: 'error', error: 'x', seq: 1 })], true)]);
    h.connection.start();
    await until(() => h.events.length === 2);
    expect(h.urls[0]).toBe('/api/stream/run-1?from=0');
    expect(new Headers(h.fetchFn.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t');
    expect(h.states).toEqual(['connecting', 'connected']);
    expect(h.events.map((e) => e.type)).toEqual(['connected', 'error']);
    h.connection.stop();
  });

  it('reconnects 5 s after a drop from the last seq + 1 and drops replayed duplicates', async () => {
    const h = harness([
      () => streamResponse([line({ type: 'connected', streamingId: 'run-1', seq: 0 }), line({ type: 'error', error: 'a', seq: 1 })]),
      () => streamResponse([line({ type: 'error', error: 'a', seq: 1 }), line({ type: 'error', error: 'b', seq: 2 })], true),
    ]);
    h.connection.start();
    await until(() => h.timers.length === 1);
    expect(h.states).toEqual(['connecting', 'connected', 'disconnected']);
    expect(h.timers[0]?.ms).toBe(5000);
    h.timers[0]?.callback();
    await until(() => h.events.length === 3);
    expect(h.urls[1]).toBe('/api/stream/run-1?from=2');
    expect(h.events.map((e) => (e.type === 'error' ? e.error : e.type))).toEqual(['connected', 'a', 'b']);
    h.connection.stop();
  });

  it('reports Stream connection failed: {status} and retries', async () => {
    const h = harness([() => new Response('nope', { status: 503 })]);
    h.connection.start();
    await until(() => h.errors.length === 1);
    expect(h.errors[0]).toBe('Stream connection failed: 503');
    expect(h.states).toEqual(['connecting', 'error']);
    expect(h.timers).toHaveLength(1);
    h.connection.stop();
  });

  it.each([404, 410])('treats %i as the run being gone: no error, no retry', async (status) => {
    const h = harness([() => new Response('{}', { status })]);
    h.connection.start();
    await until(() => h.gone.length === 1);
    expect(h.errors).toEqual([]);
    expect(h.timers).toHaveLength(0);
    expect(h.states).toEqual(['connecting', 'disconnected']);
  });

  it("speaks the spec's wording instead of the browser's for an unreachable server or a dropped body", async () => {
    const broken = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new TypeError('network error')) });
    const h = harness([() => Promise.reject(new TypeError('Failed to fetch')), () => new Response(broken, { status: 200 })]);
    h.connection.start();
    await until(() => h.errors.length === 1);
    h.timers[0]?.callback();
    await until(() => h.errors.length === 2);
    expect(h.errors).toEqual([STREAM_UNREACHABLE, STREAM_UNREACHABLE]);
    h.connection.stop();
  });

  it('a 401 sends the user to the login screen and is not retried', async () => {
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    const h = harness([() => Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 })]);
    h.connection.start();
    await until(() => h.errors.length === 1);
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(h.errors[0]).toBe('Stream connection failed: 401');
    expect(h.states).toEqual(['connecting', 'error']);
    expect(h.timers).toHaveLength(0);
  });

  it('reports No response body when the response has none', async () => {
    const h = harness([() => new Response(null, { status: 200 })]);
    h.connection.start();
    await until(() => h.errors.length === 1);
    expect(h.errors[0]).toBe('No response body');
  });

  it('does not reconnect after a closed event', async () => {
    const h = harness([() => streamResponse([line({ type: 'closed', streamingId: 'run-1', seq: 4 })])]);
    h.connection.start();
    await until(() => h.states.includes('disconnected'));
    expect(h.timers).toHaveLength(0);
  });

  it('waits while hidden and reconnects as soon as the page becomes visible', async () => {
    const h = harness([() => streamResponse([line({ type: 'connected', streamingId: 'run-1', seq: 0 })]), () => streamResponse([], true)]);
    h.setVisible(false);
    h.connection.start();
    await until(() => h.states.includes('disconnected'));
    expect(h.timers).toHaveLength(0);
    h.setVisible(true);
    h.becomeVisible();
    await until(() => h.urls.length === 2);
    expect(h.urls[1]).toBe('/api/stream/run-1?from=1');
    h.connection.stop();
  });

  it('stop aborts without an error or a retry', async () => {
    const h = harness([(_url, init) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))]);
    h.connection.start();
    h.connection.stop();
    await until(() => h.states.includes('disconnected'));
    expect(h.errors).toEqual([]);
    expect(h.timers).toHaveLength(0);
  });
});

describe('exponentialRetry', () => {
  it('retries 3 times starting at 1000 ms and doubling', () => {
    const policy = exponentialRetry();
    expect([0, 1, 2, 3].map(policy)).toEqual([1000, 2000, 4000, null]);
  });
});
