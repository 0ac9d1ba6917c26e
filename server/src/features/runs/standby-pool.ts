import type { Logger } from 'pino';
import type { LaunchParams } from './cli-launch';

/** How long a standby CLI waits for the follow-up it was spawned for before it is ended. */
export const DEFAULT_STANDBY_IDLE_MS = 5 * 60 * 1000;
/** How many standby CLIs may wait at once (each holds a CLI process's memory); the oldest goes first. */
export const DEFAULT_STANDBY_MAX = 3;

/** What the pool needs of a launch (a CliLaunch). */
export interface StandbyLaunch {
  readonly params: LaunchParams;
  pid(): number | undefined;
  /** The process was spawned and has not exited. */
  alive(): boolean;
  /** Ends a launch no run took: its process (group) is gone and released when this resolves. */
  discard(): Promise<void>;
}

/** The parameters a standby must match, without the ids it was given. */
export type StandbyMatch = Omit<LaunchParams, 'streamingId' | 'sessionId'>;

/**
 * Standby CLIs for follow-ups (issue 18, faster follow-ups). When a run completes, the CLI that would resume
 * its session is spawned at once, forked into a preset session id, and waits for its first message; a follow-up
 * with exactly the same parameters (working directory, executable, environment, permission mode, model, settings)
 * takes it and skips the CLI's cold start. A standby is no run: the session it resumes shows as finished, nothing
 * is published on the bus, and it ends unused after an idle time, on a stop of its session, and on shutdown.
 */
export interface StandbyPool<L extends StandbyLaunch> {
  /**
   * Keeps `launch` (a CLI just spawned to resume `resumeSessionId`) for that session's follow-up, replacing an older
   * standby of it; ended at once when the pool is closed. `history` stamps the session's transcript as the CLI read it.
   */
  prepare(resumeSessionId: string, launch: L, history: string | undefined): void;
  /**
   * The standby of this session when it matches `wanted` exactly, its history is still `history` (nothing wrote to the
   * transcript since, e.g. a terminal CLI) and it is alive; one that does not is ended.
   */
  take(resumeSessionId: string, wanted: StandbyMatch, history: string | undefined): L | undefined;
  /** Whether this session has a standby (so a start only then stamps its history). */
  has(resumeSessionId: string): boolean;
  /** Ends the standby of this session, if any. */
  discard(resumeSessionId: string): Promise<void>;
  /** Ends every standby working in this folder or below it (a worktree being removed). */
  discardIn(folder: string): Promise<void>;
  /** The process ids of the waiting standbys (for the status and tests of their lifetime). */
  pids(): number[];
  /** Ends every standby and prepares no more. */
  close(): Promise<void>;
}

export interface StandbyPoolDeps {
  logger: Logger;
  idleMs?: number;
  max?: number;
}

/** A stable text of the parameters (object keys sorted), so two equal sets compare equal whatever their key order. */
export function matchKey(params: StandbyMatch): string {
  return JSON.stringify(params, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

function withoutIds(params: LaunchParams): StandbyMatch {
  const { streamingId: _streamingId, sessionId: _sessionId, ...rest } = params;
  return rest;
}

interface Entry<L> {
  launch: L;
  key: string;
  history: string | undefined;
  timer: NodeJS.Timeout;
}

export function createStandbyPool<L extends StandbyLaunch>(deps: StandbyPoolDeps): StandbyPool<L> {
  const logger = deps.logger;
  const entries = new Map<string, Entry<L>>();
  const pending = new Set<Promise<void>>();
  let closed = false;

  const end = (sessionId: string, why: string): Promise<void> => {
    const entry = entries.get(sessionId);
    if (!entry) return Promise.resolve();
    entries.delete(sessionId);
    clearTimeout(entry.timer);
    logger.info({ resumeSessionId: sessionId, pid: entry.launch.pid() }, `ending the standby cli: ${why}`);
    const ending = entry.launch.discard().catch((error: unknown) => logger.warn({ err: error }, 'ending a standby cli failed'));
    pending.add(ending);
    void ending.finally(() => pending.delete(ending));
    return ending;
  };

  return {
    prepare(resumeSessionId, launch, history) {
      void end(resumeSessionId, 'replaced');
      const oldest = entries.keys().next().value;
      if (oldest !== undefined && entries.size >= (deps.max ?? DEFAULT_STANDBY_MAX)) void end(oldest, 'too many standbys');
      const timer = setTimeout(() => void end(resumeSessionId, 'no follow-up in time'), deps.idleMs ?? DEFAULT_STANDBY_IDLE_MS);
      timer.unref();
      entries.set(resumeSessionId, { launch, key: matchKey(withoutIds(launch.params)), history, timer });
      if (closed) void end(resumeSessionId, 'shutting down');
    },
    has: (resumeSessionId) => entries.has(resumeSessionId),
    take(resumeSessionId, wanted, history) {
      const entry = entries.get(resumeSessionId);
      if (!entry) return undefined;
      if (!entry.launch.alive()) return void end(resumeSessionId, 'its process is gone');
      if (entry.key !== matchKey(wanted)) return void end(resumeSessionId, 'the follow-up asks for other settings');
      if (entry.history !== history) return void end(resumeSessionId, 'its history changed since it started');
      entries.delete(resumeSessionId);
      clearTimeout(entry.timer);
      return entry.launch;
    },
    discard: (resumeSessionId) => end(resumeSessionId, 'its session was stopped'),
    async discardIn(folder) {
      const inside = [...entries].filter(([, entry]) => entry.launch.params.workingDirectory === folder || entry.launch.params.workingDirectory.startsWith(`${folder}/`));
      await Promise.all(inside.map(([sessionId]) => end(sessionId, 'its folder is being removed')));
    },
    pids: () => [...entries.values()].flatMap((entry) => entry.launch.pid() ?? []),
    async close() {
      closed = true;
      await Promise.all([...entries.keys()].map((sessionId) => end(sessionId, 'shutting down')));
      await Promise.all([...pending]);
    },
  };
}
