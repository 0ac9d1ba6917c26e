import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseMemoryWhenQuiet, type ExposedGc } from './idle-memory';

const CHECK_MS = 1000;

describe('releaseMemoryWhenQuiet', () => {
  let cpu: number;
  let busy: boolean;
  let gc: ReturnType<typeof vi.fn<ExposedGc>>;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    cpu = 0;
    busy = false;
    gc = vi.fn<ExposedGc>();
    stop = releaseMemoryWhenQuiet({ checkMs: CHECK_MS, quietShare: 0.05, busy: () => busy, gc, cpuMs: () => cpu });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  /** One check period in which the process used `ms` of CPU. */
  const period = (ms: number): void => {
    cpu += ms;
    vi.advanceTimersByTime(CHECK_MS);
  };

  it('collects everything once at the first quiet period after the start, then not again while quiet', () => {
    period(20);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    period(0);
    period(49);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('collects again after each busy spell, once it is over', () => {
    period(0);
    period(400);
    period(300);
    expect(gc).toHaveBeenCalledTimes(1);
    period(10);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('waits while a run is live, even when the process is quiet', () => {
    busy = true;
    period(0);
    period(0);
    expect(gc).not.toHaveBeenCalled();
    busy = false;
    period(0);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('stops checking when stopped', () => {
    stop();
    period(500);
    period(0);
    expect(gc).not.toHaveBeenCalled();
  });

  it('does nothing without an exposed gc', () => {
    const noGc = releaseMemoryWhenQuiet({ checkMs: CHECK_MS, quietShare: 0.05, busy: () => false, gc: undefined, cpuMs: () => cpu });
    // The default is globalThis.gc, which Vitest's workers do not have.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(vi.getTimerCount()).toBe(1);
    noGc();
  });

  it('collects at once when a heavy spell ends, busy or not, and then not again at the next quiet period', () => {
    stop();
    const listeners: (() => void)[] = [];
    let unsubscribed = 0;
    const spells = releaseMemoryWhenQuiet({
      checkMs: CHECK_MS, quietShare: 0.05, busy: () => busy, gc, cpuMs: () => cpu,
      onSpellEnded: (listener) => {
        listeners.push(listener);
        return () => void (unsubscribed += 1);
      },
    });
    expect(listeners).toHaveLength(1);
    busy = true;
    period(400);
    listeners[0]?.();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenLastCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    busy = false;
    period(0);
    expect(gc).toHaveBeenCalledTimes(1);
    period(400);
    period(0);
    expect(gc).toHaveBeenCalledTimes(2);
    spells();
    expect(unsubscribed).toBe(1);
  });
});
