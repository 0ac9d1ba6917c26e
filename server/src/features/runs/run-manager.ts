import { randomUUID } from 'node:crypto';
import type { StartConversationRequest, StartConversationResponse } from '@cui/contract';
import { childEnvironment, type ClaudeQueryFn } from '../../cli/claude-query';
import type { LiveRunInfo, LiveRuns, PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import type { SessionInfoStore } from '../sessions/index';
import { createPermissionRegistry, type PermissionRegistry } from './permissions';
import { startRun, type Run, type RunDeps } from './run';
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
  run?: Pick<RunDeps, 'stopTimings' | 'startTimeoutMs' | 'eventLogMaxBytes'>;
}

type RunManagerDeps = Pick<PlatformDeps, 'logger' | 'claude' | 'childEnv' | 'paths'> & { sessionInfo: SessionInfoStore; runOptions?: RunManagerOptions };

export function createRunManager(deps: RunManagerDeps): RunManager {
  const logger = deps.logger.child({ component: 'runs' });
  const permissions = createPermissionRegistry();
  const runs = new Map<string, Run>();
  const dropTimers = new Map<string, NodeJS.Timeout>();
  const dropped = new Set<string>();
  const listeners = new Set<() => void>();
  const retentionMs = deps.runOptions?.retentionMs ?? FINISHED_RUN_RETENTION_MS;
  let closing = false;

  const emitChange = (): void => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.warn({ err: error }, 'live-runs listener failed');
      }
    }
  };
  const liveRuns = (): Run[] => [...runs.values()].filter((run) => run.isLive());

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
    updateSessionInfo(sessionId, { permissionMode: resolved.permissionMode, ...(initialCommitHead ? { initialCommitHead } : {}) });
    if (resolved.resumeSessionId) updateSessionInfo(resolved.resumeSessionId, { continuationSessionId: sessionId });
  };

  const launch = (resolved: ResolvedStart, query: ClaudeQueryFn): Run => {
    const run = startRun(
      {
        streamingId: randomUUID(),
        sessionId: randomUUID(),
        prompt: resolved.prompt,
        workingDirectory: resolved.workingDirectory,
        executablePath: resolved.executablePath,
        env: childEnvironment(process.env, deps.childEnv),
        permissionMode: resolved.permissionMode,
        model: resolved.model,
        systemPrompt: resolved.systemPrompt,
        resumeSessionId: resolved.resumeSessionId,
      },
      { logger, permissions, query, onSessionId: emitChange, ...deps.runOptions?.run },
    );
    runs.set(run.info.streamingId, run);
    void run.ended.then(() => {
      emitChange();
      const timer = setTimeout(() => drop(run.info.streamingId), retentionMs);
      timer.unref();
      dropTimers.set(run.info.streamingId, timer);
    });
    emitChange();
    return run;
  };

  return {
    permissions,
    list: (): LiveRunInfo[] => liveRuns().map((run) => ({ ...run.info })),
    bySession: (sessionId) => {
      const run = liveRuns().find((r) => r.info.sessionId === sessionId);
      return run ? { ...run.info } : undefined;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(request) {
      if (closing) throw new AppError('run.start_failed', 'The server is shutting down');
      const resolved = await resolveStart(request, {
        defaultExecutablePath: deps.claude.executablePath,
        claudeProjectsDir: deps.paths.claudeProjectsDir,
        sessionInfo: deps.sessionInfo,
      });
      const head = resolved.inheritedCommitHead ? Promise.resolve(undefined) : captureGitHead(resolved.workingDirectory);
      const run = launch(resolved, await deps.claude.sdkQuery());
      try {
        await run.ready;
      } catch (error) {
        await run.ended;
        drop(run.info.streamingId);
        throw error;
      }
      await recordStart(run, resolved, head);
      return { streamingId: run.info.streamingId, sessionId: run.info.sessionId };
    },
    async stop(id) {
      const run = runs.get(id) ?? liveRuns().find((r) => r.info.sessionId === id) ?? [...runs.values()].find((r) => r.info.sessionId === id);
      if (!run) {
        if (dropped.has(id)) return { success: true };
        throw new AppError('run.not_found', `No running conversation with id ${id}`);
      }
      await run.stop();
      return { success: true };
    },
    find: (streamingId) => runs.get(streamingId),
    wasDropped: (streamingId) => dropped.has(streamingId),
    async close() {
      closing = true;
      await Promise.all([...runs.values()].map((run) => run.stop()));
      for (const timer of dropTimers.values()) clearTimeout(timer);
      dropTimers.clear();
      listeners.clear();
    },
  };
}
