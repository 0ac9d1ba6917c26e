import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { readChunk, type ChunkJob, type ChunkResult } from './index-chunk';

/** Where transcript chunks are read: worker threads when a worker script is given, else this thread. */
export interface IndexPool {
  /** How many chunks are worth having in flight at once. */
  readonly parallelism: number;
  read(job: ChunkJob): Promise<ChunkResult>;
  /** Ends the idle workers (a big sweep is rare: idle threads would only hold memory); the next read starts them again. */
  release(): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (result: ChunkResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Whether index workers pay off on a machine with this many cores. On 2 cores the in-thread index was faster on an
 * idle machine, to the first page and to the whole index (2,000 sessions: 106 ms and 2.35 s against 250 ms and
 * 2.49 s; 10,000: 215 ms and 10.8 s against 471 ms and 14.1 s, docs/benchmarks.md): a worker's own parsing and JIT
 * and the copies between threads cost more than the second core gave, with requests answered as fast either way.
 */
export function workersPayOff(cores = os.availableParallelism()): boolean {
  return cores >= 4;
}

/** Runs chunks in this thread: for tests and for a server started without the bundled worker. */
export function inThreadPool(): IndexPool {
  return { parallelism: 1, read: readChunk, release: async () => undefined, close: async () => undefined };
}

/**
 * `size` workers (default: one per core but one, at least 1 and at most 4: the main thread saves what they read, and
 * on 2 cores a second worker only made the threads take turns) started on first use; each job goes to the least busy one.
 * A worker that dies fails its jobs (the indexer retries those files on its next sweep) and is replaced.
 */
export function createIndexPool(options: { script: string | URL; logger: Logger; size?: number }): IndexPool {
  const size = Math.max(1, options.size ?? Math.min(4, os.availableParallelism() - 1));
  const slots: (Slot | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 0;
  let closed = false;

  const spawn = (index: number): Slot => {
    const slot: Slot = { worker: new Worker(options.script), pending: new Map() };
    slot.worker.unref(); // idle workers never keep the process alive; close() ends them
    const fail = (error: Error): void => {
      if (slots[index] === slot) slots[index] = undefined;
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
    };
    slot.worker.on('message', (message: { id: number; result?: ChunkResult; error?: { message: string; code?: string } }) => {
      const p = slot.pending.get(message.id);
      if (!p) return;
      slot.pending.delete(message.id);
      if (message.result) p.resolve({ ...message.result, head: message.result.head && Buffer.from(message.result.head), keys: Buffer.from(message.result.keys) });
      else p.reject(Object.assign(new Error(message.error?.message ?? 'index worker failed'), { code: message.error?.code }));
    });
    slot.worker.on('error', (error) => {
      options.logger.error({ component: 'sessions', err: error }, 'index worker failed');
      fail(error);
    });
    slot.worker.on('exit', (code) => fail(new Error(`index worker exited (${code})`)));
    slots[index] = slot;
    return slot;
  };

  const leastBusy = (): Slot => {
    let best = 0;
    for (let i = 1; i < size; i++) if ((slots[i]?.pending.size ?? 0) < (slots[best]?.pending.size ?? 0)) best = i;
    return slots[best] ?? spawn(best);
  };

  return {
    parallelism: size,
    read(job) {
      if (closed) return Promise.reject(new Error('index pool closed'));
      const slot = leastBusy();
      const id = nextId++;
      return new Promise<ChunkResult>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, job });
      });
    },
    async release() {
      const idle = slots.flatMap((slot, i) => (slot && slot.pending.size === 0 ? [[slot, i] as const] : []));
      for (const [, i] of idle) slots[i] = undefined;
      await Promise.all(idle.map(([slot]) => slot.worker.terminate()));
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.worker.terminate()));
    },
  };
}
