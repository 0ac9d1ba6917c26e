import type { TimeBox } from '../../platform/time-box';
import type { IndexPool } from './index-pool';
import type { IndexedFile, IndexStore } from './index-store';
import type { UuidChunk } from './summary-links';
import { sessionIdOf, type Stat, type TranscriptFileReader } from './transcript-file-reader';

/** Files read before they are saved (in transactions of at most the time box each). */
const BATCH_FILES = 25;
/** Fewer changed files than this are read in-thread: starting workers would cost more than it saves. */
const WORKER_MIN_FILES = 16;

export interface SweepReaderDeps {
  store: IndexStore;
  reader: TranscriptFileReader;
  /** Where a sweep of many files is read (index workers, or this thread). */
  pool: IndexPool;
  /** Where a few files (the watcher's usual news) and a session's second file are read. */
  inThread: IndexPool;
  box: TimeBox;
  shouldStop: () => boolean;
  /** A file of the sweep was read: its times against the place it was given (the sweep frontier). */
  observe: (position: number, file: IndexedFile, stat: Stat) => void;
  /** These files of the sweep are saved or given up: the frontier moves. */
  settle: (positions: number[]) => void;
  /** `files` files were saved, with these uuid chunks (for the summary links). */
  saved: (chunks: UuidChunk[], files: number) => void;
}

/**
 * Reads and saves the files of one sweep in their order (newest first), with as many files in flight as the pool has
 * workers (two per worker, so a worker never waits for the main thread). Two files naming one session are never read
 * at the same time: the second waits until the end. Saves go in time-boxed transactions, yielding between them.
 */
export async function readSweep(todo: [string, Stat][], deps: SweepReaderDeps): Promise<void> {
  let batch: IndexedFile[] = [];
  const positions: number[] = [];
  const flush = async (): Promise<void> => {
    const files = batch;
    const settled = positions.splice(0);
    batch = [];
    for (let from = 0; from < files.length; ) {
      if (from > 0) await deps.box.between();
      const { chunks, end } = deps.store.saveSlice(files, from, deps.box);
      deps.saved(chunks, end - from);
      deps.settle(settled.slice(from, end));
      from = end;
    }
  };
  /** Reads one file of the todo list; saved with the batch (the frontier moves once it is). */
  const read = async (position: number, pool: IndexPool): Promise<void> => {
    const [filePath, stat] = todo[position] as [string, Stat];
    const file = await deps.reader.read(filePath, stat, pool);
    if (!file) {
      deps.settle([position]);
      return;
    }
    deps.observe(position, file, stat);
    // Pushed once read: another lane may have flushed (and replaced) the batch meanwhile.
    batch.push(file);
    positions.push(position);
  };
  const reading = new Set<string>();
  const later: number[] = [];
  let next = 0;
  const lane = async (pool: IndexPool): Promise<void> => {
    for (let position = next++; position < todo.length && !deps.shouldStop(); position = next++) {
      const sessionId = sessionIdOf((todo[position] as [string, Stat])[0]) ?? '';
      if (reading.has(sessionId)) {
        later.push(position);
        continue;
      }
      reading.add(sessionId);
      await read(position, pool);
      reading.delete(sessionId);
      if (batch.length >= BATCH_FILES) await flush();
    }
  };
  const pool = todo.length >= WORKER_MIN_FILES ? deps.pool : deps.inThread;
  await Promise.all(Array.from({ length: pool.parallelism * 2 }, () => lane(pool)));
  if (pool === deps.pool) await pool.release();
  await flush();
  for (const position of later) {
    if (deps.shouldStop()) break;
    await read(position, deps.inThread);
    await flush();
  }
}
