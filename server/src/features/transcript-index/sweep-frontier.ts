/**
 * How far a newest-first sweep has come (issue 11 point 5): what a list read may be answered from before the sweep
 * ends. The sweep reads files in descending mtime order with several lanes that finish out of order and saves them in
 * batches; the frontier follows the contiguous prefix of that order that is settled (saved, or given up for this sweep).
 */
export interface SweepFrontier {
  /** Settles these positions of the newest-first order (their files were saved, or will not be saved by this sweep). */
  settle(positions: number[]): void;
  /**
   * Records what a read file showed: a sort time later than its file's mtime (clock skew, a copied or touched file)
   * or a time not in the canonical ISO form breaks the premise of `bound`, so nothing is provable for the rest of the sweep.
   */
  observe(file: { mtimeMs: number; times: string[] }): void;
  /**
   * Every file not settled yet has an mtime ≤ this (ms), and so, by the premise that a transcript's lines are written no
   * later than its mtime, sort times ≤ it: -Infinity once all are settled, +Infinity when the premise was seen broken.
   */
  bound(): number;
  /** How many files are not settled yet. */
  pending(): number;
}

/** `mtimes`: the sweep's files in the order it reads them, newest first (descending). */
export function createSweepFrontier(mtimes: readonly number[]): SweepFrontier {
  const settled = new Uint8Array(mtimes.length);
  let settledCount = 0;
  /** The first position not settled: every position before it is. */
  let next = 0;
  let broken = false;
  return {
    settle(positions) {
      for (const position of positions) {
        if (position < 0 || position >= mtimes.length || settled[position] === 1) continue;
        settled[position] = 1;
        settledCount += 1;
      }
      while (next < mtimes.length && settled[next] === 1) next += 1;
    },
    observe({ mtimeMs, times }) {
      if (broken) return;
      broken = times.some((time) => time !== '' && !(isCanonicalTime(time) && Date.parse(time) <= mtimeMs));
    },
    bound() {
      if (broken) return Infinity;
      return next < mtimes.length ? (mtimes[next] as number) : -Infinity;
    },
    pending: () => mtimes.length - settledCount,
  };
}

/**
 * The listed times are compared as strings by SQLite: only in the one ISO form (what the CLI writes) does their string
 * order agree with their time order, which the early-answer proof compares against an mtime.
 */
export function isCanonicalTime(time: string): boolean {
  const ms = Date.parse(time);
  return Number.isFinite(ms) && new Date(ms).toISOString() === time;
}

/**
 * Whether a page read during a sweep is the page the finished sweep would give: it is full and its last row sorts
 * strictly after `bound` in descending order (any session not saved yet has a sort time ≤ bound, so it sorts below).
 */
export function pageIsSettled(page: { rows: number; limit: number; lastSortTime: string | undefined; bound: number }): boolean {
  if (page.rows < page.limit || page.rows === 0 || page.lastSortTime === undefined) return false;
  if (!isCanonicalTime(page.lastSortTime)) return false;
  return Date.parse(page.lastSortTime) > page.bound;
}
