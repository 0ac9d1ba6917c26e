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

describe('boundHeapGrowthFrom', () => {
  it('bounds the growth once started, not before, and gives V8 its own choice back when stopped, once', async () => {
    const s = start();
    const setFlags = vi.fn<(flags: string) => void>();
    const stop = boundHeapGrowthFrom(s.started, setFlags);
    await Promise.resolve();
    expect(setFlags).not.toHaveBeenCalled();
    await s.start();
    expect(setFlags.mock.calls).toEqual([[BOUNDED]]);
    stop();
    stop();
    expect(setFlags.mock.calls).toEqual([[BOUNDED], ['--heap-growing-percent=0']]);
  });

  it('never bounds when stopped before it started (a server closed before its first answer)', async () => {
    const s = start();
    const setFlags = vi.fn<(flags: string) => void>();
    const stop = boundHeapGrowthFrom(s.started, setFlags);
    stop();
    await s.start();
    expect(setFlags).not.toHaveBeenCalled();
  });
});
