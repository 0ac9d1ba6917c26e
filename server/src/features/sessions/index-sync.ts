import { randomUUID } from 'node:crypto';
import { transcriptFiles } from '../../cli/transcript-path';
import type { Logger } from 'pino';
import type { LiveRuns, PlatformDeps } from '../../context';
import { CATCH_UP_SLICE_MS, indexTimeBox } from '../../platform/time-box';
import { createSearchTextWriter } from '../search/index';
import { createIndexPool, createSessionIndexer, createSummaryLinks, inThreadPool, watchTranscripts, type IndexPool, type IndexStore, type SessionIndexer } from '../transcript-index/index';

export interface IndexSyncDeps extends Pick<PlatformDeps, 'db' | 'bus' | 'paths'> {
  logger: Logger;
  store: IndexStore;
  runs: LiveRuns;
  indexWorkerScript?: string;
  requestsIdle?: () => Promise<void>;
  indexPool?: IndexPool;
  watch?: { debounceMs?: number; sweepIntervalMs?: number; maxSweepIntervalMs?: number };
}

/**
 * Keeps the index current: every index write goes through one queue (a sweep already waiting absorbs later sweep
 * requests), the watcher's files and sweeps, a sweep at each run's start and end, and the search text's catch-up after
 * each sync. Reads wait for what they must (`current`, `currentFor`).
 */
export class IndexSync {
  readonly indexer: SessionIndexer;
  /** Resolves once the startup sweep is done. */
  readonly caughtUp: Promise<void>;
  /** Session info changes seen (an input of the list version). */
  infoChanges = 0;
  /** Differs on every start of the server (a restarted server's first versions never match earlier ones). */
  readonly boot = randomUUID();
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private pendingSweep: Promise<boolean> | undefined;
  private searchCatchUp: Promise<void> | undefined;
  private runSweep: Promise<void> = Promise.resolve();
  /** A restart answers from the index it kept at once; only a first start, with nothing indexed yet, waits. */
  private readonly initial: Promise<void>;
  private firstSweep: boolean;
  private runSeen = false;
  private readonly changeListeners = new Set<(filePaths: string[]) => void>();
  private readonly unsubscribes: (() => void)[] = [];
  private readonly pool: IndexPool;
  private readonly searchText: ReturnType<typeof createSearchTextWriter>;
  private readonly catchUpBox: ReturnType<typeof indexTimeBox>;
  private readonly watcher: { close(): void };

  constructor(private readonly deps: IndexSyncDeps) {
    const { logger } = deps;
    this.pool = deps.indexPool ?? (deps.indexWorkerScript ? createIndexPool({ script: deps.indexWorkerScript, logger }) : inThreadPool());
    // The index's main-thread work runs in short slices that give way to requests in between.
    const box = indexTimeBox(deps.requestsIdle);
    this.catchUpBox = indexTimeBox(deps.requestsIdle, CATCH_UP_SLICE_MS);
    this.searchText = createSearchTextWriter(deps.db);
    this.indexer = createSessionIndexer({ store: deps.store, links: createSummaryLinks(deps.db, box), pool: this.pool, projectsDir: deps.paths.claudeProjectsDir, logger, shouldStop: () => this.closed, timeBox: box });
    const started = Date.now();
    this.firstSweep = deps.store.isEmpty();
    this.caughtUp = this.sweep().then(() => logger.info({ ms: Date.now() - started }, 'transcript index caught up'));
    this.initial = this.firstSweep ? this.caughtUp : Promise.resolve();
    void this.caughtUp.then(() => (this.firstSweep = false));
    this.watcher = watchTranscripts(
      {
        projectsDir: deps.paths.claudeProjectsDir, logger, debounceMs: deps.watch?.debounceMs ?? 50,
        sweepIntervalMs: deps.watch?.sweepIntervalMs ?? 5000, maxSweepIntervalMs: deps.watch?.maxSweepIntervalMs ?? 60_000,
      },
      { onFiles: (files) => this.onFiles(files), onSweep: () => this.sweepChanged() },
    );
    this.subscribe();
  }

  /** During the first sweep of an empty index, before any run started or ended: lists may answer early (early-list.ts). */
  duringFirstSweep(): boolean {
    return this.firstSweep && !this.runSeen;
  }

  /** Waits until the index is current: the first sweep (of an empty index), then the sweep a run's start or end began. */
  async current(): Promise<void> {
    await this.initial;
    await this.runSweep;
  }

  /** As `current`, but a session the first sweep already saved is final (a file is read once per sweep): no wait. */
  async currentFor(sessionId: string): Promise<void> {
    if (this.duringFirstSweep() && this.deps.store.filePathOf(sessionId) !== undefined) return;
    await this.current();
  }

  /** The startup state only (archive-all acts on what is indexed, without waiting for runs' sweeps). */
  initialized(): Promise<void> {
    return this.initial;
  }

  /** Resolves once caught up and the search text has caught up too. */
  async settled(): Promise<void> {
    await this.caughtUp;
    await this.searchCatchUp;
  }

  sweep(): Promise<void> {
    return this.sweepChanged().then(() => undefined);
  }

  /** A sweep (or the one already waiting) that resolves with whether it saved or removed a file. */
  private sweepChanged(): Promise<boolean> {
    this.pendingSweep ??= this.enqueue(async () => {
      this.pendingSweep = undefined;
      const before = this.indexer.changeCount();
      await this.indexer.syncAll();
      this.catchUpSearch();
      return this.indexer.changeCount() !== before;
    }).then((changed) => changed ?? true);
    return this.pendingSweep;
  }

  /**
   * The session's transcripts only, not every file: at 10,000 sessions a sweep at each run's start and end allocated
   * ~17 MB of stats, a fifth of what a minute of use allocated (issue 28.5). Whatever else the CLI wrote reaches the
   * index through the watchers and the safety-net sweep, as any file does.
   */
  private syncSession(sessionId: string): Promise<void> {
    return this.enqueue(async () => {
      await this.indexer.syncFiles(await transcriptFiles(this.deps.paths.claudeProjectsDir, sessionId));
      this.catchUpSearch();
    }).then(() => undefined);
  }

  onTranscriptsChanged(listener: (filePaths: string[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watcher.close();
    this.changeListeners.clear();
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    await this.queue;
    await this.searchCatchUp;
    await this.pool.close();
  }

  private subscribe(): void {
    const { bus, store, runs } = this.deps;
    // A run that ends has flushed its transcript: catch up at once rather than at the next event. Reads wait for
    // that sync, or a session whose run just ended would vanish from the list until the watcher caught up
    // (no longer live, not yet indexed).
    for (const name of ['run.started', 'run.ended'] as const) {
      this.unsubscribes.push(bus.subscribe(name, ({ sessionId }) => {
        this.runSeen = true;
        this.runSweep = this.syncSession(sessionId);
      }));
    }
    this.unsubscribes.push(bus.subscribe('session.info.updated', () => (this.infoChanges += 1)));
    this.unsubscribes.push(bus.subscribe('run.started', ({ sessionId, routed }) => store.recordRun({ sessionId, routed, resumedFrom: runs.bySession(sessionId)?.resumedFrom })));
  }

  private onFiles(files: string[]): void {
    void this.enqueue(() => this.indexer.syncFiles(files).then(() => this.catchUpSearch()));
    for (const listener of this.changeListeners) listener(files);
  }

  /** Resolves with the task's result, or undefined when closed or when the task failed (logged). */
  private enqueue<T>(task: () => Promise<T>): Promise<T | undefined> {
    const run = this.queue.then(() => (this.closed ? undefined : task())).catch((error: unknown) => {
      this.deps.logger.error({ err: error }, 'transcript indexing failed');
      return undefined;
    });
    this.queue = run.then(() => undefined);
    return run;
  }

  /**
   * The search index catches up after each sync, a time-boxed slice at a time between other work, so that a first
   * index of thousands of sessions lists them as soon as they are read (their text becomes searchable moments later).
   */
  private catchUpSearch(): void {
    this.searchCatchUp ??= (async () => {
      let slices = 1;
      for (; !this.closed && this.searchText.catchUp(this.catchUpBox); slices += 1) await this.catchUpBox.between();
      if (!this.closed) this.deps.bus.publish('search.caughtUp', { slices });
    })()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'search indexing failed'))
      .finally(() => (this.searchCatchUp = undefined));
  }
}
