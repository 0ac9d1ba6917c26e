import { inThreadPool, type IndexPool } from '../src/features/transcript-index/index';

/**
 * An index pool (in-thread reads) whose reads wait at a gate: only as many reads as allowed so far go through, in the
 * order they were asked for (a sweep asks newest file first), so a test holds a sweep at a known point.
 */
export interface GatedIndexPool {
  pool: IndexPool;
  /** Lets `count` more reads through (Infinity: every read from now on). */
  allow(count: number): void;
  /** Fails the reads of these files once let through (files that cannot be read). */
  failReads(paths: string[]): void;
  /** Reads asked for and still waiting at the gate. */
  waiting(): number;
  /** Resolves once `count` reads are waiting at the gate. */
  whenWaiting(count: number): Promise<void>;
  /** The files read so far, in the order their reads went through. */
  passed(): string[];
}

export function createGatedIndexPool(options: { parallelism: number }): GatedIndexPool {
  const inner = inThreadPool();
  const queue: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  const failing = new Set<string>();
  const passed: string[] = [];
  let allowance = 0;
  const pump = (): void => {
    while (allowance > 0 && queue.length > 0) {
      allowance -= 1;
      queue.shift()?.();
    }
    for (const watcher of watchers.filter((w) => queue.length >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  };
  const pool: IndexPool = {
    parallelism: options.parallelism,
    async read(job) {
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        pump();
      });
      passed.push(job.filePath);
      if (failing.delete(job.filePath)) throw Object.assign(new Error('gated read failed'), { code: 'EIO' });
      return inner.read(job);
    },
    release: async () => undefined,
    close: async () => undefined,
  };
  return {
    pool,
    allow(count) {
      allowance += count;
      pump();
    },
    failReads(paths) {
      for (const p of paths) failing.add(p);
    },
    waiting: () => queue.length,
    whenWaiting: (count) =>
      new Promise((resolve) => {
        watchers.push({ count, resolve });
        pump();
      }),
    passed: () => [...passed],
  };
}
