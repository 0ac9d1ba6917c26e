/**
 * Main-thread work of the index in time-boxed slices: a first index of thousands of sessions saves, links and
 * indexes text for seconds, and any slice of it longer than a few milliseconds is a request held back that long.
 * Slicing by time rather than by a fixed count keeps a slice short whatever its items cost (a big transcript's
 * rows, a slow disk, a loaded machine).
 */

/** How long one slice may hold the main thread (ms), the clock it is measured with, and the wait between slices. */
export interface TimeBox {
  budgetMs: number;
  now: () => number;
  /** Between two slices: lets the event loop answer what is waiting (requests first, see platform/request-gate.ts). */
  between: () => Promise<void>;
}

/** What the index's slices get: a few milliseconds, so that a request waits at most about that long. */
export const INDEX_SLICE_MS = 8;

/**
 * The search index's catch-up after a sweep (tens of seconds after a first index of thousands of sessions) in shorter
 * slices: requests wait less (10,000 sessions, in-thread: status p95 21.6 -> 17.9 ms, median 10.0 -> 6.0 ms) for a
 * catch-up 3 % longer; the sweep's saves keep 8 ms (at 4 ms the whole first index took 39 % longer: smaller commits).
 */
export const CATCH_UP_SLICE_MS = 4;

export function indexTimeBox(between: () => Promise<void> = yieldToEventLoop, budgetMs = INDEX_SLICE_MS): TimeBox {
  return { budgetMs, now: () => performance.now(), between };
}

/**
 * Applies `each` to `items` from `from` on until the box's time is spent, at least one item (so that every slice
 * makes progress); returns the position after the last item applied (`items.length` once all were).
 */
export function runTimeBoxed<T>(items: readonly T[], from: number, box: TimeBox, each: (item: T) => void): number {
  const deadline = box.now() + box.budgetMs;
  let at = from;
  while (at < items.length) {
    each(items[at] as T);
    at += 1;
    if (box.now() >= deadline) break;
  }
  return at;
}

/** Calls `step` until it says it is done or out of time (at least once); true when it is not done yet. */
export function repeatTimeBoxed(box: TimeBox, step: () => boolean): boolean {
  const deadline = box.now() + box.budgetMs;
  for (;;) {
    if (!step()) return false;
    if (box.now() >= deadline) return true;
  }
}

/** Lets the event loop answer what is waiting (I/O callbacks, requests) before the next slice. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
