import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ConversationDetails, ConversationListQuery, ConversationListResponse, ConversationSummary, SearchQuery, SearchResponse, WorkingDirectory } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';
import { readConversation, type ConversationSource } from '../../cli/transcript/conversation-details';
import { readConversationWindow, type WindowRequest } from '../../cli/transcript/conversation-window';
import { listDuringSweep } from './early-list';
import { createIndexPool, createIndexStore, createSessionIndexer, createSummaryLinks, inThreadPool, watchTranscripts, type IndexPool } from '../transcript-index/index';
import { createSearchSessions, createSearchTextWriter } from '../search/index';
import type { SessionInfoStore } from './session-info-store';
import { createSessionQueries } from './session-queries';
import { promptTitle } from '../../cli/transcript/transcript-line';
import { createTerminalActivity } from './terminal-activity';
import { CATCH_UP_SLICE_MS, indexTimeBox } from '../../platform/time-box';

/** The incremental SQLite index of the CLI's transcripts, kept current by watching the projects directory. */
export interface SessionIndex {
  /** Resolves once the index has caught up with the disk after startup. */
  ready(): Promise<void>;
  /** Resolves once it has, and the search index has its text too (the index has nothing left to do for now). */
  settled(): Promise<void>;
  /** Re-checks every transcript now and resolves when the index is current. */
  refresh(): Promise<void>;
  list(query: ConversationListQuery): Promise<ConversationListResponse>;
  /**
   * The details (ConversationDetails, written as JSON pieces), whole or one window of them; undefined when
   * the session is neither indexed nor live.
   */
  details(sessionId: string, window?: WindowRequest): Promise<Pick<ConversationSource, 'write'> | undefined>;
  workingDirectories(): Promise<{ directories: WorkingDirectory[]; totalCount: number }>;
  /** Full-text search over the indexed messages (issue 17). */
  search(query: SearchQuery): Promise<SearchResponse>;
  /** Indexed (with at least one message) or live. */
  exists(sessionId: string): Promise<boolean>;
  /** Archives every indexed session that is not archived yet. */
  archiveAll(): Promise<number>;
  /**
   * The session's title as the list shows it now (custom name, then the indexed title); for a session not indexed
   * yet (a run that just ended), its predecessor's title or the title of the prompt that started it.
   */
  titleOf(sessionId: string, fallback?: { resumedFrom?: string; prompt?: string }): string;
  /** The session's transcript file, when indexed (the follow stream tails it). */
  transcriptOf(sessionId: string): Promise<string | undefined>;
  /**
   * A token that changes whenever what the list shows may have changed: the index saved or dropped a transcript, a
   * session's info changed, a run started or ended, a terminal CLI took or let go of a session. The home page polls it.
   */
  listVersion(): string;
  /** Whether a CLI outside this console is writing the session now ('Active in terminal'). */
  activeInTerminal(sessionId: string): boolean;
  /** Calls `listener` with the transcripts the watcher saw change (debounced); returns the unsubscribe. */
  onTranscriptsChanged(listener: (filePaths: string[]) => void): () => void;
  close(): Promise<void>;
}

export interface SessionIndexDeps extends PlatformDeps {
  sessionInfo: SessionInfoStore;
  runs: LiveRuns;
  /** Listed among the working directories while no session of it is (with the server's start as its date). */
  suggestedDirectory?: string;
  /** The bundled index worker (dist/server/index-worker.js): transcripts are read in worker threads; in-thread when absent. */
  indexWorkerScript?: string;
  /** Waited for between two slices of the index's main-thread work (the app's RequestGate.idle); else one event-loop turn. */
  requestsIdle?: () => Promise<void>;
  /** Where transcripts are read, when given (a test's gated pool); else as `indexWorkerScript` says. */
  indexPool?: IndexPool;
  /** Watcher timings (defaults: 50 ms debounce, 5 s safety sweep). */
  watch?: { debounceMs?: number; sweepIntervalMs?: number };
}

export function createSessionIndex(deps: SessionIndexDeps): SessionIndex {
  const logger = deps.logger.child({ component: 'sessions' });
  const store = createIndexStore(deps.db);
  const queries = createSessionQueries(deps.db);
  const searchSessions = createSearchSessions(deps.db);
  let closed = false;
  const pool = deps.indexPool ?? (deps.indexWorkerScript ? createIndexPool({ script: deps.indexWorkerScript, logger }) : inThreadPool());
  // The index's main-thread work runs in short slices that give way to requests in between.
  const box = indexTimeBox(deps.requestsIdle);
  const catchUpBox = indexTimeBox(deps.requestsIdle, CATCH_UP_SLICE_MS);
  const indexer = createSessionIndexer({ store, links: createSummaryLinks(deps.db, box), pool, projectsDir: deps.paths.claudeProjectsDir, logger, shouldStop: () => closed, timeBox: box });

  // Every index write goes through one queue; a sweep already waiting absorbs later sweep requests.
  let queue: Promise<void> = Promise.resolve();
  let pendingSweep: Promise<void> | undefined;
  const enqueue = (task: () => Promise<void>): Promise<void> => {
    const run = queue.then(() => (closed ? undefined : task())).catch((error: unknown) => logger.error({ err: error }, 'transcript indexing failed'));
    queue = run;
    return run;
  };
  // The search index catches up after each sync, a time-boxed slice at a time between other work, so that a first index of
  // thousands of sessions lists them as soon as they are read (their text becomes searchable moments later).
  const searchText = createSearchTextWriter(deps.db);
  let searchCatchUp: Promise<void> | undefined;
  const catchUpSearch = (): void => {
    searchCatchUp ??= (async () => {
      while (!closed && searchText.catchUp(catchUpBox)) await catchUpBox.between();
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'search indexing failed'))
      .finally(() => (searchCatchUp = undefined));
  };
  const sweep = (): Promise<void> => {
    pendingSweep ??= enqueue(async () => {
      pendingSweep = undefined;
      await indexer.syncAll();
      catchUpSearch();
    });
    return pendingSweep;
  };

  const started = Date.now();
  const caughtUp = sweep().then(() => logger.info({ ms: Date.now() - started }, 'transcript index caught up'));
  // A restart answers from the index it kept at once (the startup sweep catches up within moments);
  // only a first start, with nothing indexed yet, waits for the sweep.
  const initial = store.isEmpty() ? caughtUp : Promise.resolve();
  // During that first sweep, a list read is answered as soon as its page is proven final (early-list.ts), unless a run
  // started or ended meanwhile (its session's transcript comes with the sweep that follows).
  let firstSweep = store.isEmpty();
  void caughtUp.then(() => (firstSweep = false));
  let runSeen = false;
  const changeListeners = new Set<(filePaths: string[]) => void>();
  const onFiles = (files: string[]): void => {
    void enqueue(() => indexer.syncFiles(files).then(catchUpSearch));
    for (const listener of changeListeners) listener(files);
  };
  const watcher = watchTranscripts(
    { projectsDir: deps.paths.claudeProjectsDir, logger, debounceMs: deps.watch?.debounceMs ?? 50, sweepIntervalMs: deps.watch?.sweepIntervalMs ?? 5000 },
    { onFiles, onSweep: () => void sweep() },
  );
  const terminal = createTerminalActivity({ claudeConfigDir: deps.paths.claudeConfigDir, runs: deps.runs });
  // A run that ends has flushed its transcript: catch up at once rather than at the next event. Reads wait for
  // that sweep, or a session whose run just ended would vanish from the list until the watcher caught up
  // (no longer live, not yet indexed).
  let runSweep: Promise<void> = Promise.resolve();
  const unsubscribes = (['run.started', 'run.ended'] as const).map((name) =>
    deps.bus.subscribe(name, () => {
      runSeen = true;
      runSweep = sweep();
    }),
  );
  // listVersion's inputs besides the index: session info changes, and a boot id (a restarted server's first
  // versions never match the ones a page saw before).
  let infoChanges = 0;
  const boot = randomUUID();
  unsubscribes.push(deps.bus.subscribe('session.info.updated', () => (infoChanges += 1)));
  unsubscribes.push(deps.bus.subscribe('run.started', ({ sessionId, routed }) => store.recordRun({ sessionId, routed, resumedFrom: deps.runs.bySession(sessionId)?.resumedFrom })));
  const current = async (): Promise<void> => {
    await initial;
    await runSweep;
  };
  /** As `current`, but a session the first sweep already saved is final (a file is read once per sweep): no wait. */
  const currentFor = async (sessionId: string): Promise<void> => {
    if (firstSweep && !runSeen && store.filePathOf(sessionId) !== undefined) return;
    await current();
  };

  const suggestion = deps.suggestedDirectory
    ? { path: deps.suggestedDirectory, shortname: path.basename(deps.suggestedDirectory), lastDate: new Date().toISOString(), conversationCount: 0 }
    : undefined;
  const withSuggestion = (directories: WorkingDirectory[]): WorkingDirectory[] =>
    !suggestion || directories.some((d) => d.path === suggestion.path) ? directories : [suggestion, ...directories].sort((a, b) => b.lastDate.localeCompare(a.lastDate));

  const titleOf = (sessionId: string, fallback: { resumedFrom?: string; prompt?: string } = {}): string => {
    const known = (id: string): string => deps.sessionInfo.get(id).custom_name || (store.metaOf(id)?.summary ?? '');
    return known(sessionId) || (fallback.resumedFrom ? known(fallback.resumedFrom) : '') || promptTitle(fallback.prompt ?? '');
  };

  /** One session's transcript as details (a window of it when asked); undefined when it has no file. */
  const readDetails = async (sessionId: string, window: WindowRequest | undefined) => {
    const filePath = store.filePathOf(sessionId);
    if (!filePath) return undefined;
    const meta = store.metaOf(sessionId);
    const read = window ? readConversationWindow(filePath, meta, window) : readConversation(filePath, meta);
    const details = await read.catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (details && details.problems > 0) logger.warn({ sessionId, skippedLines: details.problems }, 'transcript lines skipped');
    return details;
  };

  const withLiveStatus = (inTerminal: (sessionId: string) => boolean) => (row: ConversationSummary): ConversationSummary => {
    const run = deps.runs.bySession(row.sessionId);
    if (run) return { ...row, status: 'ongoing', streamingId: run.streamingId };
    return inTerminal(row.sessionId) ? { ...row, status: 'ongoing', liveSource: 'terminal' } : row;
  };

  const listNow = (query: ConversationListQuery): ConversationListResponse => {
    const live = deps.runs.list().map((run) => ({ ...run, title: titleOf(run.sessionId, { prompt: run.initialPrompt, ...(run.resumedFrom ? { resumedFrom: run.resumedFrom } : {}) }) }));
    const result = queries.list(query, live);
    return { conversations: result.conversations.map(withLiveStatus(terminal.check())), total: result.total };
  };

  return {
    ready: () => caughtUp,
    settled: async () => {
      await caughtUp;
      await searchCatchUp;
    },
    refresh: async () => {
      await caughtUp;
      await sweep();
    },
    async list(query) {
      if (firstSweep && !runSeen) {
        return listDuringSweep({ progress: indexer.progress, onProgress: indexer.onProgress, answer: listNow, pinnedNotIndexed: queries.pinnedNotIndexed, done: current() }, query);
      }
      await current();
      return listNow(query);
    },
    async details(sessionId, window) {
      await currentFor(sessionId);
      const details = await readDetails(sessionId, window);
      if (details && (details.messageCount > 0 || !deps.runs.bySession(sessionId))) return details;
      const run = deps.runs.bySession(sessionId);
      if (!run) return undefined;
      // A resumed run's transcript (the CLI's fork of the session it resumed) is written once the CLI gets to it:
      // until then the conversation so far is the resumed session's.
      const resumed = run.resumedFrom ? await readDetails(run.resumedFrom, window) : undefined;
      if (resumed && resumed.messageCount > 0) return resumed;
      const early: ConversationDetails = {
        messages: [], summary: promptTitle(run.initialPrompt), projectPath: run.workingDirectory, metadata: run.model ? { model: run.model } : {},
        ...(window ? { window: { before: null } } : {}),
      };
      return { write: (sink) => sink(Buffer.from(JSON.stringify(early))) };
    },
    async workingDirectories() {
      await current();
      const directories = withSuggestion(queries.workingDirectories(deps.runs.list()));
      return { directories, totalCount: directories.length };
    },
    async search(query) {
      await current();
      return searchSessions(query);
    },
    async exists(sessionId) {
      await currentFor(sessionId);
      return deps.runs.bySession(sessionId) !== undefined || queries.isIndexed(sessionId);
    },
    titleOf,
    async transcriptOf(sessionId) {
      await current();
      return store.filePathOf(sessionId);
    },
    listVersion() {
      const state = [boot, indexer.changeCount(), infoChanges, ...deps.runs.list().map((run) => run.streamingId).sort(), '|', ...terminal.held()].join(' ');
      return createHash('sha1').update(state).digest('base64url').slice(0, 16);
    },
    activeInTerminal: (sessionId) => terminal.check()(sessionId),
    onTranscriptsChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    async archiveAll() {
      await initial;
      return deps.sessionInfo.archiveMany(queries.indexedIds());
    },
    async close() {
      closed = true;
      watcher.close();
      changeListeners.clear();
      for (const unsubscribe of unsubscribes) unsubscribe();
      await queue;
      await searchCatchUp;
      await pool.close();
    },
  };
}
