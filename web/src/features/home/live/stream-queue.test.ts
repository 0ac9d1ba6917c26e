import type { StreamEvent } from '@cui/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListStreamOpener } from './list-stream-opener';
import { createStreamQueue, type StreamHandlers } from './stream-queue';

function fakeOpener() {
  const open = new Map<string, StreamHandlers>();
  const stopped: string[] = [];
  const opener = (id: string, handlers: StreamHandlers) => {
    open.set(id, handlers);
    return { stop: () => stopped.push(id) };
  };
  return { opener, open, stopped };
}

const noop = { onEvent: () => undefined, onEnd: () => undefined };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `run-${i}`);

describe('createStreamQueue', () => {
  it('opens at most 5 streams and queues the rest in order', () => {
    const fake = fakeOpener();
    const queue = createStreamQueue(fake.opener);
    for (const id of ids(7)) queue.watch(id, noop);
    expect(queue.activeIds()).toEqual(ids(5));
    expect(queue.queuedIds()).toEqual(['run-5', 'run-6']);
  });

  it('starts the next queued stream when a run closes', () => {
    const fake = fakeOpener();
    const queue = createStreamQueue(fake.opener);
    const onEnd = vi.fn();
    for (const id of ids(6)) queue.watch(id, id === 'run-2' ? { ...noop, onEnd } : noop);
    fake.open.get('run-2')?.onEnd('closed');
    expect(onEnd).toHaveBeenCalledWith('closed');
    expect(queue.activeIds()).toEqual(['run-0', 'run-1', 'run-3', 'run-4', 'run-5']);
    expect(queue.queuedIds()).toEqual([]);
  });

  it('frees a slot when a row stops watching, and stops that connection', () => {
    const fake = fakeOpener();
    const queue = createStreamQueue(fake.opener);
    const releases = ids(6).map((id) => queue.watch(id, noop));
    releases[0]?.();
    expect(fake.stopped).toEqual(['run-0']);
    expect(queue.activeIds()).toContain('run-5');
    releases[5]?.();
    releases[5]?.();
    expect(fake.stopped).toEqual(['run-0', 'run-5']);
  });

  it('delivers events only to the current watcher of a run', () => {
    const fake = fakeOpener();
    const queue = createStreamQueue(fake.opener);
    const first = vi.fn();
    const second = vi.fn();
    queue.watch('run-0', { ...noop, onEvent: first });
    queue.watch('run-0', { ...noop, onEvent: second });
    fake.open.get('run-0')?.onEvent({ type: 'connected', streamingId: 'run-0' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(queue.activeIds()).toEqual(['run-0']);
  });
});

describe('list streams: retry with exponential backoff', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function setup(fetchFn: typeof fetch) {
    vi.useFakeTimers();
    // Failing streams are reported with console.warn by design; keep the test output readable.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const opener = createListStreamOpener({
      fetchFn,
      headers: () => new Headers(),
      visibility: { isVisible: () => true, onVisible: () => () => undefined },
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    return createStreamQueue(opener);
  }

  it('retries a failing stream 3 times after 1000, 2000 and 4000 ms, then gives up and frees its slot', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => new Response(null, { status: 500 }));
    const queue = setup(fetchFn);
    const onEnd = vi.fn();
    queue.watch('failing', { ...noop, onEnd });
    for (const id of ids(5)) queue.watch(id, noop);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchFn).toHaveBeenCalledTimes(5);
    const failingCalls = () => fetchFn.mock.calls.filter(([url]) => String(url).includes('failing')).length;
    expect(failingCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(failingCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(failingCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(failingCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(failingCalls()).toBe(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(failingCalls()).toBe(4);
    expect(onEnd).toHaveBeenCalledWith('failed');
    expect(queue.activeIds()).not.toContain('failing');
    expect(queue.activeIds()).toContain('run-4');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failingCalls()).toBe(4);
  });

  it('reports the events of a stream and ends it on closed', async () => {
    const events: StreamEvent[] = [
      { type: 'connected', streamingId: 'r1' },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] } },
      { type: 'closed', streamingId: 'r1', seq: 3 },
    ] as StreamEvent[];
    const body = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const queue = setup(async () => new Response(body, { status: 200 }));
    const seen: string[] = [];
    const onEnd = vi.fn();
    queue.watch('r1', { onEvent: (e) => seen.push(e.type), onEnd });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledWith('closed'));
    expect(seen).toEqual(['connected', 'assistant', 'closed']);
    expect(queue.activeIds()).toEqual([]);
  });
});
