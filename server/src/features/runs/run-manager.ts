import { randomUUID } from 'node:crypto';
import type { PermissionMode, RunMessageRequest, RunMessageResponse, StartConversationRequest, StartConversationResponse } from '@cui/contract';
import type { ClaudeQueryFn, RunSettings } from '../../cli/claude-query';
import { transcriptStamp } from '../../cli/transcript-path';
import type { LiveRunInfo, LiveRuns, PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import type { RunEndReason } from '../../platform/bus';
import type { SessionInfoStore } from '../sessions/index';
import { createPermissionRegistry, type PermissionRegistry } from './permissions';
import type { RunEnvironmentProvider } from './run-environment';
import { launchCli, type CliLaunch } from './cli-launch';
import { startRun, type CloseReason, type Run, type RunDeps, type RunEnd } from './run';
import { createStandbyPool, type StandbyMatch, type StandbyPoolDeps } from './standby-pool';
import type { RunGuard } from './run-guard';
import { captureGitHead, resolveStart, type ResolvedStart } from './start-request';

/** How long a finished run's events stay replayable (late viewers, reconnects) before they are dropped. */
export const FINISHED_RUN_RETENTION_MS = 10 * 60 * 1000;
/** How many dropped streaming ids are remembered to answer 410 instead of 404. */
const DROPPED_IDS_KEPT = 1000;

/** Owns every live CLI process, the event logs of recent runs and their permission requests. */
export interface RunManager extends LiveRuns {
  /** Validates, starts the CLI and resolves once it reported its session (`system/init`). */
  start(request: StartConversationRequest): Promise<StartConversationResponse>;
  /**
   * Stops the run with this streaming id (or the live run of this session id) and resolves once its process
   * is gone. A run that already ended answers `{success: true}` too: stopping twice is harmless.
   */
  stop(id: string): Promise<{ success: boolean }>;
  /** Ends the current turn of a live run (by streaming id or session id) but keeps its process. */
  interrupt(id: string): Promise<{ success: boolean }>;
  /** The next message of a live run: at once when it waits, else queued (`priority: 'now'` interrupts the turn). */
  send(id: string, request: RunMessageRequest): RunMessageResponse;
  /** Removes a queued message of a live run before it starts. */
  unqueue(id: string, messageId: string): { success: boolean };
  /** Runs a queued message at once: first in the queue, the turn interrupted. */
  sendNow(id: string, messageId: string): { success: boolean };
  /** Ends the standby CLIs working in this folder or below (before the folder is removed). */
  endStandbysIn(folder: string): Promise<void>;
  /** A live run, or a finished one whose events are still kept. */
  find(streamingId: string): Run | undefined;
  /** The run finished and its events were dropped (410 rather than 404). */
  wasDropped(streamingId: string): boolean;
  readonly permissions: PermissionRegistry;
  /** Stops every run (interrupt, SIGTERM, SIGKILL) and waits for the processes to be gone. */
  close(): Promise<void>;
}

export interface RunManagerOptions {
  retentionMs?: number;
  /** Standby CLIs for follow-ups (standby-pool.ts); on unless `enabled: false`. */
  standby?: Pick<StandbyPoolDeps, 'idleMs' | 'max'> & { enabled?: boolean };
  run?: Pick<RunDeps, 'stopTimings' | 'startTimeoutMs' | 'eventLogMaxBytes' | 'idleAfterInterruptMs'>;
}

export type RunManagerDeps = Pick<PlatformDeps, 'logger' | 'claude' | 'paths' | 'bus' | 'config'> & {
  sessionInfo: SessionInfoStore;
  /** Each run's environment and model, computed at its start (see run-environment.ts). */
  runEnvironment: RunEnvironmentProvider;
  /** The settings a run in this working directory loads (the trust gate and the transcript retention). */
  runSettings: (workingDirectory: string) => RunSettings;
  /** The session's title as the list shows it, for `run.ended` (see SessionIndex.titleOf). */
  sessionTitle?: (sessionId: string, fallback: { resumedFrom?: string; prompt: string }) => string;
  /** Whether a CLI outside the console holds the session (see SessionIndex.activeInTerminal): it is never resumed then. */
  heldInTerminal?: (sessionId: string) => boolean;
  /** Records each CLI for the reaper and start-up recovery (absent in unit tests). */
  guard?: RunGuard;
  runOptions?: RunManagerOptions;
};

const END_REASONS: Record<CloseReason, RunEndReason> = { completed: 'completed', error: 'failed', stopped: 'stopped', crashed: 'crashed' };

export function createRunManager(deps: RunManagerDeps): RunManager {
  const logger = deps.logger.child({ component: 'runs' });
  const permissions = createPermissionRegistry({ bus: deps.bus });
  const runs = new Map<string, Run>();
  const dropTimers = new Map<string, NodeJS.Timeout>();
  const dropped = new Set<string>();
  const retentionMs = deps.runOptions?.retentionMs ?? FINISHED_RUN_RETENTION_MS;
  let closing = false;
  const { enabled: standbyEnabled = true, ...standbyOptions } = deps.runOptions?.standby ?? {};
  const standbys = createStandbyPool<CliLaunch>({ logger, ...standbyOptions });
  /** Completed sessions whose standby is being prepared (a stop in the meantime cancels it). */
  const awaitingStandby = new Set<string>();

  const liveRuns = (): Run[] => [...runs.values()].filter((run) => run.isLive());
  /** By streaming id, else the live run of that session, else its latest finished one. */
  const lookup = (id: string): Run | undefined =>
    runs.get(id) ?? liveRuns().find((r) => r.info.sessionId === id) ?? [...runs.values()].find((r) => r.info.sessionId === id);
  const liveRun = (id: string): Run => {
    const run = lookup(id);
    if (!run) throw new AppError(dropped.has(id) ? 'run.finished' : 'run.not_found', `No running conversation with id ${id}`);
    return run;
  };

  const drop = (streamingId: string): void => {
    clearTimeout(dropTimers.get(streamingId));
    dropTimers.delete(streamingId);
    if (!runs.delete(streamingId)) return;
    permissions.forgetRun(streamingId);
    dropped.add(streamingId);
    if (dropped.size > DROPPED_IDS_KEPT) dropped.delete(dropped.values().next().value as string);
  };

  const updateSessionInfo = (sessionId: string, patch: Parameters<SessionInfoStore['update']>[1]): void => {
    try {
      deps.sessionInfo.update(sessionId, patch);
    } catch (error) {
      logger.warn({ err: error, sessionId }, 'could not record session info');
    }
  };

  const recordStart = async (run: Run, resolved: ResolvedStart, head: Promise<string | undefined>): Promise<void> => {
    const sessionId = run.info.sessionId;
    const initialCommitHead = resolved.inheritedCommitHead ?? (await head);
    // A resumed session keeps its predecessor's mute.
    const muted = resolved.resumeSessionId !== undefined && !deps.sessionInfo.get(resolved.resumeSessionId).notify;
    updateSessionInfo(sessionId, { permissionMode: resolved.permissionMode, ...(initialCommitHead ? { initialCommitHead } : {}), ...(muted ? { notify: false } : {}) });
    if (resolved.resumeSessionId) updateSessionInfo(resolved.resumeSessionId, { continuationSessionId: sessionId });
  };

  const publishEnd = (run: Run, end: RunEnd, resumedFrom: string | undefined): void => {
    const { streamingId, sessionId, startedAt } = run.info;
    const reason = END_REASONS[end.reason];
    let summary = '';
    try {
      summary = deps.sessionTitle?.(sessionId, { prompt: run.info.initialPrompt, ...(resumedFrom ? { resumedFrom } : {}) }) ?? '';
    } catch (error) {
      logger.warn({ err: error, sessionId }, 'could not read the session title');
    }
    deps.bus.publish('run.ended', { streamingId, sessionId, reason, isError: reason === 'failed' || reason === 'crashed', durationMs: Date.now() - Date.parse(startedAt), summary });
  };

  /**
   * The CLI's parameters for this start, ids aside (computed the same way for a standby and for the start it serves);
   * `routed`: the run talks to the model-provider router (its cost is the CLI's estimate).
   */
  const launchParams = (resolved: ResolvedStart): { params: StandbyMatch; routed: boolean } => {
    const { env, model, routed } = deps.runEnvironment({
      workingDirectory: resolved.workingDirectory,
      permissionMode: resolved.permissionMode,
      ...(resolved.model ? { model: resolved.model } : {}),
      ...(resolved.resumeSessionId ? { resumeSessionId: resolved.resumeSessionId } : {}),
    });
    const params: StandbyMatch = {
      workingDirectory: resolved.workingDirectory,
      executablePath: resolved.executablePath,
      env,
      permissionMode: resolved.permissionMode,
      ...(model ? { model } : {}),
      ...(resolved.systemPrompt ? { systemPrompt: resolved.systemPrompt } : {}),
      ...(resolved.resumeSessionId ? { resumeSessionId: resolved.resumeSessionId } : {}),
      ...(resolved.worktreeName ? { worktreeName: resolved.worktreeName } : {}),
      ...deps.runSettings(resolved.workingDirectory),
    };
    return { params, routed: routed === true };
  };

  const runDeps = (query: ClaudeQueryFn): RunDeps => ({ logger, permissions, query, guard: deps.guard, ...deps.runOptions?.run });

  /** `history`: the resumed transcript's stamp, when a standby may serve this start (see StandbyPool.take). */
  const launch = (resolved: ResolvedStart, query: ClaudeQueryFn, history: string | undefined): { run: Run; routed: boolean } => {
    const { params, routed } = launchParams(resolved);
    const standby = resolved.resumeSessionId ? standbys.take(resolved.resumeSessionId, params, history) : undefined;
    const ids = standby ? { streamingId: standby.params.streamingId, sessionId: standby.params.sessionId } : { streamingId: randomUUID(), sessionId: randomUUID() };
    if (standby) logger.info({ ...ids, resumeSessionId: resolved.resumeSessionId }, 'follow-up takes the standby cli');
    const run = startRun({ ...params, ...ids, prompt: resolved.prompt }, runDeps(query), standby);
    runs.set(run.info.streamingId, run);
    void run.ended.then(() => {
      const timer = setTimeout(() => drop(run.info.streamingId), retentionMs);
      timer.unref();
      dropTimers.set(run.info.streamingId, timer);
    });
    return { run, routed: routed === true };
  };

  /** After a completed run: the CLI its likely follow-up needs (same folder and mode, the defaults of the web's send). */
  const prepareStandby = async (run: Run, permissionMode: PermissionMode, query: ClaudeQueryFn): Promise<void> => {
    const { sessionId, workingDirectory } = run.info;
    const resolved = await resolveStart(
      { workingDirectory, initialPrompt: '', resumedSessionId: sessionId, permissionMode },
      { defaultExecutablePath: deps.claude.executablePath, claudeProjectsDir: deps.paths.claudeProjectsDir, sessionInfo: deps.sessionInfo },
    );
    const history = await transcriptStamp(deps.paths.claudeProjectsDir, sessionId);
    // A stop of the session (or a new run of it) while the paths were checked: it wants no standby.
    if (!awaitingStandby.delete(sessionId) || closing || lookup(sessionId)?.isLive()) return;
    const params = { ...launchParams(resolved).params, streamingId: randomUUID(), sessionId: randomUUID() };
    standbys.prepare(sessionId, launchCli(params, runDeps(query), logger.child({ streamingId: params.streamingId, standby: true })), history);
  };

  const afterEnd = (run: Run, end: RunEnd, resolved: ResolvedStart, query: ClaudeQueryFn): void => {
    publishEnd(run, end, resolved.resumeSessionId);
    if (end.reason !== 'completed' || closing || !standbyEnabled) return;
    awaitingStandby.add(run.info.sessionId);
    prepareStandby(run, resolved.permissionMode, query).catch((error: unknown) => logger.warn({ err: error, sessionId: run.info.sessionId }, 'could not prepare a standby cli'));
  };

  return {
    permissions,
    list: (): LiveRunInfo[] => liveRuns().map((run) => ({ ...run.info })),
    bySession: (sessionId) => {
      const run = liveRuns().find((r) => r.info.sessionId === sessionId);
      return run ? { ...run.info } : undefined;
    },
    ownsProcess: (pid) => [...runs.values()].some((run) => run.pid() === pid) || standbys.pids().includes(pid),
    async start(request) {
      if (closing) throw new AppError('run.start_failed', 'The server is shutting down');
      const held = request.resumedSessionId?.toLowerCase();
      if (held && deps.heldInTerminal?.(held)) {
        throw new AppError('session.active_in_terminal', `Conversation ${held} is running in a terminal: continue it once that CLI has stopped`);
      }
      const resolved = await resolveStart(request, {
        defaultExecutablePath: deps.claude.executablePath,
        claudeProjectsDir: deps.paths.claudeProjectsDir,
        sessionInfo: deps.sessionInfo,
      });
      const resumed = resolved.resumeSessionId;
      const history = resumed && standbys.has(resumed) ? await transcriptStamp(deps.paths.claudeProjectsDir, resumed) : undefined;
      // Checked right before launching, with no await in between: simultaneous starts cannot all slip past it.
      const limit = deps.config.get().maxConcurrentRuns;
      if (liveRuns().length >= limit) {
        throw new AppError('run.limit_reached', `${limit} conversations are already running (maxConcurrentRuns in config.json): stop one or wait for one to finish`);
      }
      const head = resolved.inheritedCommitHead ? Promise.resolve(undefined) : captureGitHead(resolved.workingDirectory);
      const query = await deps.claude.sdkQuery();
      const { run, routed } = launch(resolved, query, history);
      try {
        await run.ready;
      } catch (error) {
        await run.ended;
        drop(run.info.streamingId);
        throw error;
      }
      await recordStart(run, resolved, head);
      // Published once the CLI reported its session, so the id is final; `run.ended` follows only such runs.
      const { streamingId, sessionId, workingDirectory, permissionMode } = run.info;
      deps.bus.publish('run.started', { streamingId, sessionId, cwd: workingDirectory, ...(run.info.model ? { model: run.info.model } : {}), permissionMode, routed });
      void run.ended.then((end) => afterEnd(run, end, resolved, query));
      return { streamingId: run.info.streamingId, sessionId: run.info.sessionId };
    },
    async stop(id) {
      const run = lookup(id);
      if (!run) {
        if (dropped.has(id)) return { success: true };
        throw new AppError('run.not_found', `No running conversation with id ${id}`);
      }
      awaitingStandby.delete(run.info.sessionId);
      await Promise.all([run.stop(), standbys.discard(run.info.sessionId)]);
      return { success: true };
    },
    async interrupt(id) {
      await liveRun(id).interrupt();
      return { success: true };
    },
    send(id, request) {
      return { success: true, queued: liveRun(id).send(request.message, request.priority) };
    },
    unqueue(id, messageId) {
      liveRun(id).unqueue(messageId);
      return { success: true };
    },
    sendNow(id, messageId) {
      liveRun(id).sendNow(messageId);
      return { success: true };
    },
    endStandbysIn: (folder) => standbys.discardIn(folder),
    find: (streamingId) => runs.get(streamingId),
    wasDropped: (streamingId) => dropped.has(streamingId),
    async close() {
      closing = true;
      await Promise.all([...[...runs.values()].map((run) => run.stop()), standbys.close()]);
      for (const timer of dropTimers.values()) clearTimeout(timer);
      dropTimers.clear();
    },
  };
}
