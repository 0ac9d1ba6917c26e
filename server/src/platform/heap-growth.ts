/**
 * Bounds how far V8 lets the heap grow between full collections (issue 28 point 5). A first index of 10,000 sessions
 * makes garbage that outlives the young generation at ~27 MB/s; V8's own growing factor (up to 4× the live size on a
 * small heap) let the old generation reach 90-120 MB for ~35 MB live, and the resident set 205-234 MiB. Bounded at
 * 1.5×, the peak through the first index, the search catch-up and ten minutes of use was 146-153 MiB, for the same
 * CPU (docs/benchmarks.md).
 *
 * Set once the server has answered, not on the command line: while the code loads, the bound ran more full
 * collections and made the first answer ~60 ms later. V8 reads the flag when a full collection sets the old
 * generation's next limit, so a full collection is started with it: without one, a first index ran on the limit V8 had
 * set before, and its peak stayed at 181-188 MiB (142-146 with it, docs/benchmarks.md).
 */
import v8 from 'node:v8';
import type { ExposedGc } from './idle-memory';

/** The growth over the live size: V8 collects the old generation at 1 + 50 % of what the last collection left. */
export const BOUNDED_HEAP_GROWING_PERCENT = 50;

/** What the bound does to V8. */
export interface HeapGrowthCalls {
  setFlags: (flags: string) => void;
  /** Starts a full collection without waiting for it. */
  collect: () => void;
}

const v8Calls: HeapGrowthCalls = {
  setFlags: (flags) => v8.setFlagsFromString(flags),
  // Without --expose-gc the bound waits for V8's own next full collection.
  collect: () => void (globalThis as { gc?: ExposedGc }).gc?.({ type: 'major', execution: 'async' }),
};

/** Bounds the heap's growth once `started` settles; returns the stop, which gives V8 its own choice back. */
export function boundHeapGrowthFrom(started: Promise<void>, calls: HeapGrowthCalls = v8Calls): () => void {
  const { setFlags } = calls;
  let stopped = false;
  let bounded = false;
  void started.then(() => {
    if (stopped) return;
    bounded = true;
    setFlags(`--heap-growing-percent=${BOUNDED_HEAP_GROWING_PERCENT}`);
    calls.collect();
  });
  return () => {
    stopped = true;
    if (!bounded) return;
    bounded = false;
    // 0 is V8's default: the factor of its own heuristics.
    setFlags('--heap-growing-percent=0');
  };
}
