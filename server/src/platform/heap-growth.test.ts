import { describe, expect, it, vi } from 'vitest';
import { BOUNDED_HEAP_GROWING_PERCENT, boundHeapGrowthFrom } from './heap-growth';

const BOUNDED = `--heap-growing-percent=${BOUNDED_HEAP_GROWING_PERCENT}`;

/** A start the test gives. */
function start() {
  let resolve = (): void => undefined;
  const started = new Promise<void>((r) => (resolve = r));
  return { started, start: async () => {
    resolve();
    await started;
    await Promise.resolve();
  } };
}

/** V8's calls, recorded in the order they were made. */
function v8Double() {
  const done: string[] = [];
  const setFlags = vi.fn<(flags: string) => void>(() => void done.push('flags'));
  const collect = vi.fn<() => void>(() => void done.push('collect'));
  return { calls: { setFlags, collect }, setFlags, collect, done };
}

describe('boundHeapGrowthFrom', () => {
  it('bounds the growth once started, not before, and gives V8 its own choice back when stopped, once', async () => {
    const s = start();
    const { calls, setFlags, done } = v8Double();
    const stop = boundHeapGrowthFrom(s.started, calls);
    await Promise.resolve();
    expect(setFlags).not.toHaveBeenCalled();
    await s.start();
    expect(setFlags.mock.calls).toEqual([[BOUNDED]]);
    stop();
    stop();
    expect(setFlags.mock.calls).toEqual([[BOUNDED], ['--heap-growing-percent=0']]);
    expect(done).toEqual(['flags', 'collect', 'flags']);
  });

  it('starts a full collection right after setting the bound, once (V8 sets its next limit by the flag only then)', async () => {
    const s = start();
    const { calls, collect, done } = v8Double();
    boundHeapGrowthFrom(s.started, calls);
    await Promise.resolve();
    expect(collect).not.toHaveBeenCalled();
    await s.start();
    expect(done).toEqual(['flags', 'collect']);
  });

  it('never bounds when stopped before it started (a server closed before its first answer)', async () => {
    const s = start();
    const { calls, done } = v8Double();
    const stop = boundHeapGrowthFrom(s.started, calls);
    stop();
    await s.start();
    expect(done).toEqual([]);
  });
});
