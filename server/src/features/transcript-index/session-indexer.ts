import { statSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { inThreadPool, type IndexPool } from './index-pool';
import type { IndexStore } from './index-store';
import type { LinkChanges, SummaryLinks } from './summary-links';
import { readSweep } from './sweep-reader';
import { createSweepFrontier, type SweepFrontier } from './sweep-frontier';
import { placeByTail } from './tail-dates';
import { createTranscriptFileReader, isTranscriptName, unchanged, type Stat } from './transcript-file-reader';
import { indexTimeBox, runTimeBoxed, yieldToEventLoop, type TimeBox } from '../../platform/time-box';

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
    // Not path.join: normalizing 10,000 names (they hold no separator) cost ~20 ms and ~8 MB of garbage a sweep.
    for (const name of entries) if (isTranscriptName(name)) files.push(`${dirPath}${path.sep}${name}`);
  }
  return files;
}

/** A file's stat, or undefined when it is gone or cannot be read (as if gone: the next sweep looks again). */
function statOrNothing(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Each file's size, mtime and inode, in time-boxed slices of synchronous stats: at 10,000 files, 64 promise-based stats
 * at a time took 135-170 ms of wall time and 100-130 ms of CPU against 55-120 ms and 30-60 ms made synchronously.
 */
async function statAll(files: string[], box: TimeBox): Promise<Map<string, Stat>> {
  const stats = new Map<string, Stat>();
  for (let at = 0; at < files.length; ) {
    if (at > 0) await box.between();
    at = runTimeBoxed(files, at, box, (file) => {
      const s = statOrNothing(file);
      if (s?.isFile()) stats.set(file, { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino });
    });
  }
  return stats;
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

/** The newest-first order of the sweep in progress, and who is told when it settles further. */
function createSweepProgress() {
  let frontier: SweepFrontier | undefined;
  let placedAt: number[] = []; // the time each file of the sweep was placed by: its tail's newest (placeByTail)
  const listeners = new Set<() => void>();
  return {
    start(times: number[]): void {
      frontier = createSweepFrontier((placedAt = times));
    },
    end(): void {
      frontier = undefined;
    },
    observe(position: number, times: { createdAt: string; updatedAt: string }, mtimeMs: number): void {
      frontier?.observe({ mtimeMs: placedAt[position] ?? mtimeMs, times: [times.createdAt, times.updatedAt] });
    },
    settle(positions: number[]): void {
      if (positions.length === 0 || !frontier) return;
      frontier.settle(positions);
      for (const listener of listeners) listener();
    },
    current: () => frontier && { bound: frontier.bound(), pending: frontier.pending() },
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createSessionIndexer(deps: SessionIndexerDeps): SessionIndexer {
  const { store } = deps;
  /** What the files indexed by the current sync change for the summary links (applied once at its end). */
  let changes: LinkChanges = { saved: [], reset: [] };
  /** Whether the current sync saved or removed any file (what the list shows may have changed). */
  let dirty = false;
  let changeCount = 0;
  let linkedOnce = false;
  const progress = createSweepProgress();
  const reader = createTranscriptFileReader({ store, logger: deps.logger, onReset: (sessionId) => changes.reset.push(sessionId) });
  const sweep = {
    store, reader, pool: deps.pool, inThread: inThreadPool(), box: deps.timeBox ?? indexTimeBox(), shouldStop: deps.shouldStop,
    observe: (position: number, file: { aggregate: { createdAt: string; updatedAt: string } }, stat: Stat) => progress.observe(position, file.aggregate, stat.mtimeMs),
    settle: (positions: number[]) => progress.settle(positions),
    saved: (chunks: LinkChanges['saved'], files: number) => {
      dirty ||= files > 0;
      changes.saved.push(...chunks);
    },
  };

  /**
   * The stats and tail reads before a sweep, in slices that yield one event-loop turn rather than wait for requests
   * to be idle: waiting for the gate between their dozens of short slices while requests kept coming (the first
   * index's bench polls the status) made the first list page at 10,000 sessions come after 3.0 s rather than 1.2 s.
   */
  const fileBox: TimeBox = { ...sweep.box, between: yieldToEventLoop };

  /** Indexes the changed files, newest first (the first list page, sorted by last update, is complete early). */
  async function indexChanged(stats: Map<string, Stat>): Promise<void> {
    const changed = [...stats].filter(([filePath, stat]) => !reader.isKnownDuplicate(filePath, stat));
    const { files: todo, times } = await placeByTail(changed, fileBox);
    progress.start(times);
    try {
      await readSweep(todo, sweep);
    } finally {
      progress.end();
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
    reader.forgetDuplicates();
    dirty = true;
  }

  return {
    async syncAll() {
      const started = Date.now();
      const stats = await statAll(await listTranscripts(deps.projectsDir), fileBox);
      const files = stats.size;
      // The index's positions are read after the stats, one row at a time, and the unchanged files dropped from
      // `stats` at once: a map of every position built before the stats' slices lived through them, and at 10,000
      // sessions each sweep (every 5 s, idle or not) promoted ~10 MB of it to V8's old generation (issue 28.5).
      const gone: string[] = [];
      store.eachFileStat((filePath, known) => {
        const stat = stats.get(filePath);
        if (!stat) gone.push(filePath);
        else if (unchanged(known, stat)) stats.delete(filePath);
      });
      if (gone.length > 0) forget(gone);
      await indexChanged(stats);
      await link();
      deps.logger.debug({ component: 'sessions', files, removed: gone.length, ms: Date.now() - started }, 'transcript sweep done');
    },
    async syncFiles(filePaths) {
      const stats = await statAll(filePaths, fileBox);
      const gone = filePaths.filter((p) => !stats.has(p) && store.positionOf(p));
      if (gone.length > 0) forget(gone);
      for (const [filePath, stat] of stats) if (unchanged(store.positionOf(filePath), stat)) stats.delete(filePath);
      await indexChanged(stats);
      await link();
    },
    changeCount: () => changeCount,
    progress: () => progress.current(),
    onProgress: (listener) => progress.listen(listener),
  };
}
