import { createHash } from 'node:crypto';
import type { ConversationListQuery, ConversationListResponse, SearchQuery, SearchResponse, WorkingDirectory } from '@cui/contract';
import type { ConversationSource } from '../../cli/transcript/conversation-details';
import type { WindowRequest } from '../../cli/transcript/conversation-window';
import type { LiveRuns, PlatformDeps } from '../../context';
import { createSearchSessions } from '../search/index';
import { createIndexStore, type IndexPool } from '../transcript-index/index';
import { listDuringSweep } from './early-list';
import { IndexSync } from './index-sync';
import type { SessionInfoStore } from './session-info-store';
import { createSessionQueries } from './session-queries';
import { SessionReads } from './session-reads';
import { createTerminalActivity } from './terminal-activity';

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
  /** Full-text search over the messages indexed so far (issue 17): it never waits for a sweep. */
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
  /**
   * The folder an indexed session's transcript records as its cwd (the workspace's folder); undefined when not indexed.
   * Waits as `details` does, so a session whose run just ended (no longer live, its last sweep under way) is found.
   */
  folderOf(sessionId: string): Promise<string | undefined>;
  /** Whether a CLI outside this console is writing the session now ('Active in terminal'). */
  activeInTerminal(sessionId: string): boolean;
  /** Calls `listener` with the transcripts the watcher saw change (debounced); returns the unsubscribe. */
  onTranscriptsChanged(listener: (filePaths: string[]) => void): () => void;
  close(): Promise<void>;
}

export interface SessionIndexDeps extends PlatformDeps {
  sessionInfo: SessionInfoStore;
  runs: LiveRuns;
  /** A process the server started and still owns (the reaper's): its CLI session is never a terminal's. */
  ownsProcess?(pid: number): boolean;
  /** Listed among the working directories while no session of it is (with the server's start as its date). */
  suggestedDirectory?: string;
  /** The bundled index worker (dist/server/index-worker.js): transcripts are read in worker threads; in-thread when absent. */
  indexWorkerScript?: string;
  /** Waited for between two slices of the index's main-thread work (the app's RequestGate.idle); else one event-loop turn. */
  requestsIdle?: () => Promise<void>;
  /** Where transcripts are read, when given (a test's gated pool); else as `indexWorkerScript` says. */
  indexPool?: IndexPool;
  /** Watcher timings (defaults: 50 ms debounce, 5 s safety sweep). */
  watch?: { debounceMs?: number; sweepIntervalMs?: number; maxSweepIntervalMs?: number };
}

export function createSessionIndex(deps: SessionIndexDeps): SessionIndex {
  const logger = deps.logger.child({ component: 'sessions' });
  const store = createIndexStore(deps.db);
  const queries = createSessionQueries(deps.db);
  const searchSessions = createSearchSessions(deps.db);
  const sync = new IndexSync({ ...deps, logger, store });
  const terminal = createTerminalActivity({ claudeConfigDir: deps.paths.claudeConfigDir, runs: deps.runs, ownsProcess: deps.ownsProcess });
  const reads = new SessionReads({ logger, store, queries, sessionInfo: deps.sessionInfo, runs: deps.runs, terminal, suggestedDirectory: deps.suggestedDirectory });
  const { indexer } = sync;
  return {
    ready: () => sync.caughtUp,
    settled: () => sync.settled(),
    refresh: async () => {
      await sync.caughtUp;
      await sync.sweep();
    },
    async list(query) {
      const answer = (q: ConversationListQuery) => reads.list(q);
      if (sync.duringFirstSweep()) {
        return listDuringSweep({ progress: indexer.progress, onProgress: indexer.onProgress, answer, pinnedNotIndexed: queries.pinnedNotIndexed, done: sync.current() }, query);
      }
      await sync.current();
      return reads.list(query);
    },
    async details(sessionId, window) {
      await sync.currentFor(sessionId);
      return reads.details(sessionId, window);
    },
    async workingDirectories() {
      await sync.current();
      return reads.workingDirectories();
    },
    // What is indexed now: the word index trails the saved messages anyway (it catches up in slices), and waiting for
    // a sweep (a first index, or the one each run's start and end begins) would cost a search seconds (issue 28.3).
    search: async (query) => searchSessions(query),
    async exists(sessionId) {
      await sync.currentFor(sessionId);
      return deps.runs.bySession(sessionId) !== undefined || queries.isIndexed(sessionId);
    },
    titleOf: (sessionId, fallback) => reads.titleOf(sessionId, fallback),
    async transcriptOf(sessionId) {
      await sync.current();
      return store.filePathOf(sessionId);
    },
    async folderOf(sessionId) {
      await sync.currentFor(sessionId);
      return store.metaOf(sessionId)?.projectPath || undefined;
    },
    listVersion() {
      const state = [sync.boot, indexer.changeCount(), sync.infoChanges, ...deps.runs.list().map((run) => run.streamingId).sort(), '|', ...terminal.held()].join(' ');
      return createHash('sha1').update(state).digest('base64url').slice(0, 16);
    },
    activeInTerminal: (sessionId) => terminal.check()(sessionId),
    onTranscriptsChanged: (listener) => sync.onTranscriptsChanged(listener),
    async archiveAll() {
      await sync.initialized();
      return deps.sessionInfo.archiveMany(queries.indexedIds());
    },
    close: () => sync.close(),
  };
}
