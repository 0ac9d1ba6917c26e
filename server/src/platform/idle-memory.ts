/**
 * Gives the memory a busy spell used back to the system once the server goes quiet (issue 28 point 5). V8 keeps the
 * heap pages it freed in a pool for reuse, and returns them only in a memory-reducing GC; its own memory reducer
 * judges idleness by the allocation rate and, at 10,000 sessions, let ~70 MiB sit for minutes after a spell of use.
 * Quiet here is by CPU: a browser tab polling the list version every few seconds costs a few ms and does not count.
 */

/** V8's gc() as `--expose-gc` gives it (npm start passes the flag): a last resort collects all it can and releases the pool. */
export type ExposedGc = (options: { type: 'major'; execution: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => unknown;

export interface IdleMemoryOptions {
  /** How often the process's CPU time is looked at. */
  checkMs: number;
  /** The share of one core under which a check's period counts as quiet, and over which as busy. */
  quietShare: number;
  /** Work that keeps the server busy while it may use little CPU (a live run waiting on the model). */
  busy: () => boolean;
  /** Defaults to `globalThis.gc`; without it (Node started without --expose-gc) nothing is done. */
  gc?: ExposedGc | undefined;
  /** The process's CPU time so far, ms (all threads). */
  cpuMs?: () => number;
  /**
   * Subscribes `listener` to the end of a spell of heavy work that other work may follow at once, so that no quiet
   * comes (a first index's search catch-up, then use): memory is given back right then. Returns the unsubscribe.
   */
  onSpellEnded?: (listener: () => void) => () => void;
  /** Told after each release (the log). */
  onRelease?: (ms: number) => void;
}

/**
 * Releases memory once after each busy spell, at the first quiet check with nothing running, and when a heavy spell
 * ends (onSpellEnded); returns the stop.
 */
export function releaseMemoryWhenQuiet(options: IdleMemoryOptions): () => void {
  const gc = options.gc ?? (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== 'function') return () => undefined;
  const cpuMs = options.cpuMs ?? (() => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  });
  let last = cpuMs();
  let worked = true; // the start-up itself (and a first index) is a busy spell
  const release = (): void => {
    worked = false;
    const started = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    options.onRelease?.(performance.now() - started);
  };
  const timer = setInterval(() => {
    const now = cpuMs();
    const share = (now - last) / options.checkMs;
    last = now;
    if (share >= options.quietShare) {
      worked = true;
      return;
    }
    if (worked && !options.busy()) release();
  }, options.checkMs);
  timer.unref();
  const unsubscribe = options.onSpellEnded?.(release);
  return () => {
    clearInterval(timer);
    unsubscribe?.();
  };
}
