import type { RunMessageRequest, RunMessageResponse, StartConversationRequest, StartConversationResponse } from '@cui/contract';
import type { RunSettings } from '../../cli/claude-query';
import { transcriptStamp } from '../../cli/transcript-path';
import type { LiveRuns, PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import type { SessionInfoStore } from '../sessions/index';
import { FollowUpStandbys } from './follow-up-standbys';
import type { PermissionRegistry } from './permissions';
import type { Run, RunDeps } from './run';
import type { RunEnvironmentProvider } from './run-environment';
import type { RunGuard } from './run-guard';
import { RunLauncher } from './run-launcher';
import { RunRecords } from './run-records';
import { createRunState, type RunState } from './run-state';
import type { StandbyPoolDeps } from './standby-pool';
import { openSessionControl, type SessionControl, type SessionControlTarget } from './session-control';
import { captureGitHead, resolveStart } from './start-request';

export { FINISHED_RUN_RETENTION_MS } from './run-registry';

/** Owns every live CLI process, the event logs of recent runs and their permission requests. */
export interface RunManager extends LiveRuns {
  /**
   * Validates, starts the CLI and resolves once it reported its session (`system/init`). A resume of a session whose
   * run is live joins that run instead, as its next message (one CLI per session).
   */
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
  /**
   * A CLI process on a finished session itself, sent no message, for the SDK's control requests (a rewind of files).
   * The caller closes it; it counts towards no run limit and is no run of the session.
   */
  openControl(target: SessionControlTarget): Promise<SessionControl>;
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

/** What runs ask of the session list: a port the sessions feature implements (runs import nothing of it). */
export interface SessionLookup {
  /** The session's title as the list shows it, for `run.ended` (see SessionIndex.titleOf). */
  titleOf(sessionId: string, fallback: { resumedFrom?: string; prompt: string }): string;
  /** Whether a CLI outside the console holds the session (see SessionIndex.activeInTerminal): it is never resumed then. */
  activeInTerminal(sessionId: string): boolean;
}

export type RunManagerDeps = Pick<PlatformDeps, 'logger' | 'claude' | 'paths' | 'bus' | 'config'> & {
  sessionInfo: SessionInfoStore;
  /** Each run's environment and model, computed at its start (see run-environment.ts). */
  runEnvironment: RunEnvironmentProvider;
  /** The settings a run in this working directory loads (the trust gate and the transcript retention). */
  runSettings: (workingDirectory: string) => RunSettings;
  /** Titles for `run.ended` and the terminal check of a resume; without it, no title and no check (unit tests). */
  sessions?: SessionLookup;
  /** The state the manager works on, when other features were built on it first; a new one when absent. */
  state?: RunState;
  /** Records each CLI for the reaper and start-up recovery (absent in unit tests). */
  guard?: RunGuard;
  runOptions?: RunManagerOptions;
};

/** The manager's collaborators, built once (see createRunManager). */
interface Parts {
  deps: RunManagerDeps;
  state: RunState;
  launcher: RunLauncher;
  records: RunRecords;
  followUps: FollowUpStandbys | undefined;
  closing: { now: boolean };
}

function buildParts(deps: RunManagerDeps): Parts {
  const logger = deps.logger.child({ component: 'runs' });
  const state = deps.state ?? createRunState(deps);
  const { permissions, registry, standbys } = state;
  const launcher = new RunLauncher({ logger, permissions, standbys, runEnvironment: deps.runEnvironment, runSettings: deps.runSettings, guard: deps.guard, run: deps.runOptions?.run });
  const closing = { now: false };
  const followUps = deps.runOptions?.standby?.enabled !== false
    ? new FollowUpStandbys({
        logger, standbys, launcher, defaultExecutablePath: deps.claude.executablePath, claudeProjectsDir: deps.paths.claudeProjectsDir, sessionInfo: deps.sessionInfo,
        isLive: (sessionId) => registry.liveOfSession(sessionId) !== undefined,
        closing: () => closing.now,
      })
    : undefined;
  const sessionTitle = deps.sessions ? (sessionId: string, fallback: { resumedFrom?: string; prompt: string }) => deps.sessions?.titleOf(sessionId, fallback) ?? '' : undefined;
  const records = new RunRecords({ logger, bus: deps.bus, sessionInfo: deps.sessionInfo, sessionTitle });
  return { deps, state, launcher, records, followUps, closing };
}

/** A resume of a session whose run is live: the prompt becomes that run's next message (never a second CLI on it). */
function joinLiveRun(parts: Parts, request: StartConversationRequest): StartConversationResponse | undefined {
  const resumed = request.resumedSessionId?.toLowerCase();
  const run = resumed === undefined ? undefined : parts.state.registry.liveOfSession(resumed);
  if (!run) return undefined;
  let queued;
  try {
    queued = run.send(request.initialPrompt);
  } catch (error) {
    // Live but stopping: its process is on its way out, a second one must not start on its session meanwhile.
    if (error instanceof AppError && error.code === 'run.finished') {
      throw new AppError('run.session_busy', `Conversation ${run.info.sessionId} is being stopped: continue it once it has stopped`);
    }
    throw error;
  }
  return { streamingId: run.info.streamingId, sessionId: run.info.sessionId, queued };
}

/** Refusals before anything is resolved: shutdown, a session a terminal CLI holds. */
function checkStartable(parts: Parts, request: StartConversationRequest): void {
  if (parts.closing.now) throw new AppError('run.start_failed', 'The server is shutting down');
  const held = request.resumedSessionId?.toLowerCase();
  if (held && parts.deps.sessions?.activeInTerminal(held)) {
    throw new AppError('session.active_in_terminal', `Conversation ${held} is running in a terminal: continue it once that CLI has stopped`);
  }
}

/** Checked right before launching, with no await in between: simultaneous starts cannot all slip past it. */
function checkLimit(parts: Parts): void {
  const limit = parts.deps.config.get().maxConcurrentRuns;
  if (parts.state.registry.live().length >= limit) {
    throw new AppError('run.limit_reached', `${limit} conversations are already running (maxConcurrentRuns in config.json): stop one or wait for one to finish`);
  }
}

async function startNew(parts: Parts, request: StartConversationRequest): Promise<StartConversationResponse> {
  const { deps } = parts;
  const { registry, standbys } = parts.state;
  const resolved = await resolveStart(request, { defaultExecutablePath: deps.claude.executablePath, claudeProjectsDir: deps.paths.claudeProjectsDir, sessionInfo: deps.sessionInfo });
  const resuming = resolved.resumeSessionId;
  const history = resuming && standbys.has(resuming) ? await transcriptStamp(deps.paths.claudeProjectsDir, resuming) : undefined;
  checkLimit(parts);
  const head = resolved.inheritedCommitHead ? Promise.resolve(undefined) : captureGitHead(resolved.workingDirectory);
  const query = await deps.claude.sdkQuery();
  const { run, routed } = parts.launcher.launch(resolved, query, history);
  registry.add(run);
  try {
    await run.ready;
  } catch (error) {
    await run.ended;
    registry.drop(run.info.streamingId);
    throw error;
  }
  await parts.records.recordStart(run, resolved, head);
  parts.records.publishStart(run, routed);
  void run.ended.then((end) => {
    parts.records.publishEnd(run, end, resolved.resumeSessionId);
    if (end.reason === 'completed' && !parts.closing.now) parts.followUps?.afterCompleted(run, resolved.permissionMode, query);
  });
  return { streamingId: run.info.streamingId, sessionId: run.info.sessionId };
}

async function stopRun(parts: Parts, id: string): Promise<{ success: boolean }> {
  const run = parts.state.registry.lookup(id);
  if (!run) {
    if (parts.state.registry.wasDropped(id)) return { success: true };
    throw new AppError('run.not_found', `No running conversation with id ${id}`);
  }
  const sessionId = run.info.sessionId;
  await Promise.all([run.stop(), parts.followUps ? parts.followUps.cancel(sessionId) : parts.state.standbys.discard(sessionId)]);
  return { success: true };
}

export function createRunManager(deps: RunManagerDeps): RunManager {
  const parts = buildParts(deps);
  const { registry, standbys, permissions, list, bySession, ownsProcess } = parts.state;
  return {
    permissions,
    list,
    bySession,
    ownsProcess,
    async start(request) {
      checkStartable(parts, request);
      return joinLiveRun(parts, request) ?? startNew(parts, request);
    },
    stop: (id) => stopRun(parts, id),
    async interrupt(id) {
      await registry.require(id).interrupt();
      return { success: true };
    },
    send: (id, request) => ({ success: true, queued: registry.require(id).send(request.message, request.priority) }),
    unqueue(id, messageId) {
      registry.require(id).unqueue(messageId);
      return { success: true };
    },
    sendNow(id, messageId) {
      registry.require(id).sendNow(messageId);
      return { success: true };
    },
    async openControl(target) {
      if (parts.closing.now) throw new AppError('run.start_failed', 'The server is shutting down');
      const query = await deps.claude.sdkQuery();
      return openSessionControl(target, { launcher: parts.launcher, query, runDeps: { logger: deps.logger.child({ component: 'runs' }), permissions, guard: deps.guard } });
    },
    endStandbysIn: (folder) => standbys.discardIn(folder),
    find: (streamingId) => registry.find(streamingId),
    wasDropped: (streamingId) => registry.wasDropped(streamingId),
    async close() {
      parts.closing.now = true;
      await Promise.all([registry.close(), standbys.close()]);
    },
  };
}
