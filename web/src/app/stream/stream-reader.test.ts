import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_EVENT } from '../auth-token';
import { exponentialRetry, fixedRetry, type PageVisibility } from './retry';
import { type CloseReason, createStreamReader, type StreamReaderOptions } from './stream-reader';
import type { StreamError } from './stream-error';
import { STREAM_UNREACHABLE } from './stream-error';
import { fetchTransport } from './transport';

/** A response whose body is these chunks, then (unless kept open) its end. */
function chunked(chunks: string[], init: ResponseInit = {}, keepOpen = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, ...init });
}

type Answer = () => Response | Promise<Response>;

/** A reader of `{n}` messages over a scripted fetch: each call takes the next answer, else a stream that stays open until aborted. */
function harness(answers: Answer[], options: Partial<StreamReaderOptions<{ n: number }>> = {}) {
  const urls: string[] = [];
  const headers: Array<string | null> = [];
  const batches: number[][] = [];
  const closes: CloseReason['type'][] = [];
  const states: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    headers.push(new Headers(init?.headers).get('authorization'));
    const next = answers.shift();
    if (next) return next();
    return new Response(new ReadableStream({ start: (c) => init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError'))) }), { status: 200 });
  });
  const reader = createStreamReader<{ n: number }>({
    url: (from) => (from === undefined ? '/s' : `/s?from=${from}`),
    decode: (payload) => JSON.parse(payload) as { n: number },
    onMessages: (messages) => batches.push(messages.map((m) => m.n)),
    onClose: (reason) => closes.push(reason.type),
    onState: (state) => states.push(state),
    transport: fetchTransport({ fetchFn: fetchFn as unknown as typeof fetch, headers: () => new Headers({ Authorization: 'Bearer t' }) }),
    ...options,
  });
  return { reader, urls, headers, batches, closes, states, fetchFn };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createStreamReader over fetch', () => {
  it('sends the auth header and delivers the messages each chunk completes, joining lines split across chunks and skipping heartbeats', async () => {
    const h = harness([() => chunked(['{"n":1}\n{"n"', ':2}\n: heartbeat\n\n{"n":3', '}\n', '{"n":4}'])]);
    h.reader.start();
    await vi.waitFor(() => expect(h.closes).toEqual(['ended']));
    expect(h.headers).toEqual(['Bearer t']);
    expect(h.batches).toEqual([[1], [2], [3], [4]]);
    expect(h.states).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('reports a dropped network as unreachable, a missing body, and a non-OK answer with its message, status and code', async () => {
    const errors: unknown[] = [];
    const onClose = (reason: CloseReason) => reason.type === 'failed' && errors.push(reason.error);
    const run = async (answer: Answer) => {
      const h = harness([answer], { onClose });
      h.reader.start();
      await vi.waitFor(() => expect(h.fetchFn).toHaveBeenCalled());
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
      h.reader.stop();
      return errors.pop();
    };
    expect(await run(() => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ kind: 'unreachable', message: STREAM_UNREACHABLE });
    expect(await run(() => new Response(null, { status: 200 }))).toMatchObject({ kind: 'no-body', message: 'No response body' });
    expect(await run(() => Response.json({ error: 'Run not found', code: 'run.not_found' }, { status: 404 }))).toMatchObject({ kind: 'http', status: 404, code: 'run.not_found', message: 'Run not found' });
    expect(await run(() => new Response('<html>bad gateway</html>', { status: 502 }))).toMatchObject({ kind: 'http', status: 502, code: undefined, message: 'HTTP 502' });
  });

  it('a 401 sends the user to the login screen and is not retried', async () => {
    vi.useFakeTimers();
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    const h = harness([() => Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 })], { retry: fixedRetry(1000) });
    h.reader.start();
    await vi.waitFor(() => expect(h.closes).toEqual(['unauthorized']));
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(h.states).toEqual(['connecting', 'error']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
  });
});

describe('createStreamReader reconnects', () => {
  beforeEach(() => vi.useFakeTimers());

  it('backs off per the retry policy (1 s, 2 s, 4 s, then gives up), and the count restarts once an attempt opens', async () => {
    const fail: Answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const h = harness([fail, fail, () => chunked(['{"n":1}\n']), fail, fail, fail, fail], { retry: exponentialRetry(3, 1000) });
    h.reader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetchFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.fetchFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetchFn).toHaveBeenCalledTimes(3); // opens, delivers, ends: the next wait starts again at 1 s
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.fetchFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(h.fetchFn).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.fetchFn).toHaveBeenCalledTimes(6);
    expect(h.closes).toEqual(['failed', 'failed', 'ended', 'failed', 'failed', 'failed']);
  });

  it('resumes from the position the last message reached, and drops a replay it already delivered', async () => {
    const h = harness([() => chunked(['{"n":0}\n{"n":1}\n']), () => chunked(['{"n":1}\n{"n":2}\n'])], {
      retry: fixedRetry(5000),
      resume: { from: 0, after: (m) => m.n + 1, dropReplays: true },
    });
    h.reader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.reader.position()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.urls).toEqual(['/s?from=0', '/s?from=2']);
    expect(h.batches).toEqual([[0, 1], [2]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.urls).toEqual(['/s?from=0', '/s?from=2', '/s?from=3']);
    h.reader.stop();
  });

  it('stops for good after the last message, and after a failure that says the source is gone', async () => {
    const last = harness([() => chunked(['{"n":9}\n'])], { retry: fixedRetry(10), isLast: (m) => m.n === 9 });
    last.reader.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(last.fetchFn).toHaveBeenCalledTimes(1);
    const gone = harness([() => Response.json({ error: 'Run finished', code: 'run.finished' }, { status: 410 })], {
      retry: fixedRetry(10),
      isGone: (error: StreamError) => error.status === 410,
    });
    gone.reader.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone.fetchFn).toHaveBeenCalledTimes(1);
    expect(gone.closes).toEqual(['gone']);
    expect(gone.states).toEqual(['connecting', 'disconnected']);
  });

  it('waits while the page is hidden and reconnects at once when it is shown', async () => {
    let visible = false;
    let shown: (() => void) | undefined;
    const visibility: PageVisibility = { isVisible: () => visible, onVisible: (callback) => ((shown = callback), () => (shown = undefined)) };
    const h = harness([() => Promise.reject(new TypeError('Failed to fetch'))], { retry: fixedRetry(5000), visibility });
    h.reader.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
    visible = true;
    shown?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.fetchFn).toHaveBeenCalledTimes(2);
    h.reader.stop();
    expect(shown).toBeUndefined();
  });

  it('stop aborts the open stream and any pending reconnect; start opens again, one attempt at a time', async () => {
    const h = harness([], { retry: fixedRetry(10) });
    h.reader.start();
    h.reader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
    h.reader.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.closes).toEqual(['stopped']);
    expect(h.fetchFn).toHaveBeenCalledTimes(1);
    h.reader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.fetchFn).toHaveBeenCalledTimes(2);
    h.reader.stop();
  });
});
