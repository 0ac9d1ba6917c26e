import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { HEAD_BYTES } from './index-chunk';
import { inThreadPool, type IndexPool } from './index-pool';
import { emptyAggregate } from '../../cli/transcript/session-aggregate';
import type { FilePosition, IndexedFile, IndexStore } from './index-store';
import type { LinkChanges, SummaryLinks } from './summary-links';
import { createSweepFrontier, type SweepFrontier } from './sweep-frontier';
import { indexTimeBox, type TimeBox } from '../../platform/time-box';

const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;
/** Files read before they are saved (in transactions of at most the time box each). */
const BATCH_FILES = 25;
const STAT_CONCURRENCY = 64;
/** Fewer changed files than this are read in-thread: starting workers would cost more than it saves. */
const WORKER_MIN_FILES = 16;

interface Stat {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** Brings the index up to date with the transcripts on disk. Calls are serialised by the caller. */
export interface SessionIndexer {
  /** Stats every transcript; indexes new and changed files, forgets deleted ones. */
  syncAll(): Promise<void>;
  /** Re-checks only these files (from the watcher). */
  syncFiles(filePaths: string[]): Promise<void>;
  /** How many syncs so far saved or removed a file (what the list shows may have changed with each). */
  changeCount(): number;
  /** While changed files are being read: how far the newest-first order is settled (see SweepFrontier). */
  progress(): { bound: number; pending: number } | undefined;
  /** Calls `listener` each time the progress moves (a batch saved, a file given up); returns the unsubscribe. */
  onProgress(listener: () => void): () => void;
}

export function sessionIdOf(filePath: string): string | undefined {
  return SESSION_FILE.exec(path.basename(filePath))?.[1]?.toLowerCase();
}

async function listTranscripts(projectsDir: string): Promise<string[]> {
  const dirs = await fs.readdir(projectsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
  const files: string[] = [];
  for (const dir of dirs) {
    if (!dir.isDirectory()) continue;
    const dirPath = path.join(projectsDir, dir.name);
    const entries = await fs.readdir(dirPath).catch(() => [] as string[]);
    for (const name of entries) if (SESSION_FILE.test(name)) files.push(path.join(dirPath, name));
  }
  return files;
}

async function statAll(files: string[]): Promise<Map<string, Stat>> {
  const stats = new Map<string, Stat>();
  for (let i = 0; i < files.length; i += STAT_CONCURRENCY) {
    await Promise.all(files.slice(i, i + STAT_CONCURRENCY).map(async (file) => {
      const s = await fs.stat(file).catch(() => undefined);
      if (s?.isFile()) stats.set(file, { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino });
    }));
  }
  return stats;
}

function hashOf(head: Buffer | undefined, length: number): string {
  if (!head || length <= 0) return '';
  return createHash('sha1').update(head.subarray(0, Math.min(length, HEAD_BYTES))).digest('hex');
}

function unchanged(known: FilePosition | undefined, stat: Stat): boolean {
  return known !== undefined && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino;
}

/** `shouldStop` ends a long sweep early (server shutdown); what was indexed so far is kept. */
export interface SessionIndexerDeps {
  store: IndexStore;
  links: SummaryLinks;
  /** Where chunks are read and folded (index workers, or this thread). */
  pool: IndexPool;
  projectsDir: string;
  logger: Logger;
  shouldStop: () => boolean;
  /** How long one save transaction may hold the main thread (default: indexTimeBox()). */
  timeBox?: TimeBox;
}

export function createSessionIndexer(deps: SessionIndexerDeps): SessionIndexer {
  const { store, logger } = deps;
  const inThread = inThreadPool();
  const box = deps.timeBox ?? indexTimeBox();
  /** What the files indexed by the current sync change for the summary links (applied once at its end). */
  let changes: LinkChanges = { saved: [], reset: [] };
  /** Whether the current sync saved or removed any file (what the list shows may have changed). */
  let dirty = false;
  let changeCount = 0;
  let linkedOnce = false;
  let frontier: SweepFrontier | undefined;
  const progressListeners = new Set<() => void>();
  const settle = (positions: number[]): void => {
    if (positions.length === 0 || !frontier) return;
    frontier.settle(positions);
    for (const listener of progressListeners) listener();
  };
  // A second file naming an indexed session (the same id in two project directories) is not indexed;
  // remembering its size and mtime keeps sweeps from re-reading it until it changes.
  const duplicates = new Map<string, string>();

  /** Reads what is new in one file; re-indexes from the start when it was truncated or replaced. */
  async function indexFile(filePath: string, stat: Stat, pool: IndexPool): Promise<IndexedFile | undefined> {
    const sessionId = sessionIdOf(filePath);
    if (!sessionId) return undefined;
    const previous = store.load(filePath);
    const owner = previous ? filePath : store.filePathOf(sessionId);
    if (owner && owner !== filePath) {
      const signature = `${stat.size}:${stat.mtimeMs}`;
      if (duplicates.get(filePath) !== signature) logger.warn({ component: 'sessions', file: filePath, indexed: owner }, 'session already indexed from another file: ignored');
      duplicates.set(filePath, signature);
      return undefined;
    }
    duplicates.delete(filePath);
    if (previous && (stat.size < previous.offset || stat.ino !== previous.ino)) {
      logger.info({ component: 'sessions', file: filePath }, 'transcript truncated or replaced: re-indexing');
      changes.reset.push(sessionId);
      return readFrom(fresh(filePath, sessionId), stat, pool);
    }
    const file = previous ?? fresh(filePath, sessionId);
    const updated = await readFrom(file, stat, pool);
    if (previous && hashOf(updated.head, previous.offset) !== previous.headHash) {
      logger.info({ component: 'sessions', file: filePath }, 'transcript rewritten: re-indexing');
      changes.reset.push(sessionId);
      return readFrom(fresh(filePath, sessionId), stat, pool);
    }
    return updated;
  }

  async function readFrom(file: IndexedFile, stat: Stat, pool: IndexPool): Promise<IndexedFile & { head?: Buffer }> {
    const result = await pool.read({ filePath: file.filePath, from: file.offset, to: stat.size, aggregate: file.aggregate });
    if (result.invalidLines > 0 || result.hugeLines > 0) {
      logger.warn({ component: 'sessions', file: file.filePath, invalidLines: result.invalidLines, hugeLines: result.hugeLines }, 'transcript lines skipped');
    }
    return {
      ...file, aggregate: result.aggregate, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, offset: result.offset,
      headHash: hashOf(result.head, result.offset), head: result.head, uuids: { keys: result.keys, fromStart: file.offset === 0 }, texts: result.texts,
    };
  }

  function fresh(filePath: string, sessionId: string): IndexedFile {
    return { filePath, sessionId, projectDir: path.basename(path.dirname(filePath)), size: 0, mtimeMs: 0, ino: 0, offset: 0, headHash: '', aggregate: emptyAggregate() };
  }

  async function indexOne(filePath: string, stat: Stat, pool: IndexPool): Promise<IndexedFile | undefined> {
    try {
      return await indexFile(filePath, stat, pool);
    } catch (error) {
      // A file that vanished or became unreadable mid-read is retried on the next sweep.
      logger.warn({ component: 'sessions', file: filePath, err: error }, 'transcript could not be indexed');
      return undefined;
    }
  }

  /**
   * Indexes the changed files, newest first (the first list page, sorted by last update, is complete early in
   * a long first index), with as many files in flight as the pool has workers (two per worker, so a worker
   * never waits for the main thread). Two files naming one session are never read at the same time.
   */
  async function indexChanged(stats: Map<string, Stat>, known: (filePath: string) => FilePosition | undefined): Promise<void> {
    const todo = [...stats]
      .filter(([filePath, stat]) => !unchanged(known(filePath), stat) && duplicates.get(filePath) !== `${stat.size}:${stat.mtimeMs}`)
      .sort((a, b) => b[1].mtimeMs - a[1].mtimeMs);
    frontier = createSweepFrontier(todo.map(([, stat]) => stat.mtimeMs));
    try {
      await readAll(todo);
    } finally {
      frontier = undefined;
    }
  }

  async function readAll(todo: [string, Stat][]): Promise<void> {
    let batch: IndexedFile[] = [];
    const positions: number[] = [];
    /** Saves the files read so far in time-boxed transactions, yielding between them; the frontier moves as they are saved. */
    const flush = async (): Promise<void> => {
      const files = batch;
      const saved = positions.splice(0);
      batch = [];
      dirty ||= files.length > 0;
      for (let from = 0; from < files.length; ) {
        if (from > 0) await box.between();
        const { chunks, end } = store.saveSlice(files, from, box);
        changes.saved.push(...chunks);
        settle(saved.slice(from, end));
        from = end;
      }
    };
    /** Reads one file of the todo list; saved with the batch (the frontier moves once it is). */
    const read = async (position: number, pool: IndexPool): Promise<void> => {
      const [filePath, stat] = todo[position] as [string, Stat];
      const file = await indexOne(filePath, stat, pool);
      if (!file) {
        settle([position]);
        return;
      }
      frontier?.observe({ mtimeMs: stat.mtimeMs, times: [file.aggregate.createdAt, file.aggregate.updatedAt] });
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
    // Workers pay off for a sweep of many files; a few changed files (the watcher's usual news) are read here.
    const pool = todo.length >= WORKER_MIN_FILES ? deps.pool : inThread;
    await Promise.all(Array.from({ length: pool.parallelism * 2 }, () => lane(pool)));
    if (pool === deps.pool) await pool.release();
    await flush();
    for (const position of later) {
      if (deps.shouldStop()) break;
      await read(position, inThread);
      await flush();
    }
  }

  /**
   * Links summaries to sessions for everything this sync changed (once: resolving costs a pass over all uuids). The
   * first sync of a process links even without changes: a process killed between saving files and linking them left
   * summaries no later sweep would see as changed (with nothing left to link, that costs three small queries).
   */
  async function link(): Promise<void> {
    const done = changes;
    changes = { saved: [], reset: [] };
    if (dirty) changeCount += 1;
    dirty = false;
    if (done.saved.length > 0 || done.reset.length > 0 || !linkedOnce) await deps.links.update(done);
    linkedOnce = true;
  }

  /** Removes deleted files; a duplicate of a removed session may now be indexed. */
  function forget(filePaths: string[]): void {
    changes.reset.push(...store.removeAll(filePaths));
    duplicates.clear();
    dirty = true;
  }

  return {
    async syncAll() {
      const started = Date.now();
      const known = store.positions();
      const stats = await statAll(await listTranscripts(deps.projectsDir));
      const gone = [...known.keys()].filter((p) => !stats.has(p));
      if (gone.length > 0) forget(gone);
      await indexChanged(stats, (p) => known.get(p));
      await link();
      logger.debug({ component: 'sessions', files: stats.size, removed: gone.length, ms: Date.now() - started }, 'transcript sweep done');
    },
    async syncFiles(filePaths) {
      const stats = await statAll(filePaths);
      const gone = filePaths.filter((p) => !stats.has(p) && store.positionOf(p));
      if (gone.length > 0) forget(gone);
      await indexChanged(stats, (p) => store.positionOf(p));
      await link();
    },
    changeCount: () => changeCount,
    progress: () => frontier && { bound: frontier.bound(), pending: frontier.pending() },
    onProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
  };
}
