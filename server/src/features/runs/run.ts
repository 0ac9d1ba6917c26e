import type { CanUseTool, Query } from '@anthropic-ai/claude-agent-sdk';
import type { PermissionMode } from '@cui/contract';
import type { Logger } from 'pino';
import { createClaudeSpawner, type ProcessExit } from '../../cli/claude-process';
import { startClaudeQuery } from '../../cli/claude-query';
import { mapSdkMessage, type RunEvent } from '../../cli/sdk-events';
import type { LiveRunInfo } from '../../context';
import { AppError } from '../../platform/app-error';
import { createRunEventLog, type RunEventLog } from './event-log';
import { RUN_ENDED_DENY_REASON, type PermissionRegistry } from './permissions';
import { createStopper, type StopTimings } from './stopper';

export type CloseReason = 'completed' | 'stopped' | 'error' | 'crashed';

export interface RunEnd {
  reason: CloseReason;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunParams {
  streamingId: string;
  /** Preset id of the run's session (a fork's id when resuming). */
  sessionId: string;
  prompt: string;
  workingDirectory: string;
  executablePath: string;
  env: Record<string, string | undefined>;
  permissionMode: PermissionMode;
  model?: string;
  systemPrompt?: string;
  resumeSessionId?: string;
}

export interface RunDeps {
  logger: Logger;
  permissions: PermissionRegistry;
  /** Called when the CLI reports a session id other than the preset one. */
  onSessionId(run: Run): void;
  stopTimings?: Partial<StopTimings>;
  /** How long start waits for the CLI's system/init. */
  startTimeoutMs?: number;
  eventLogMaxBytes?: number;
}

/** One live CLI process working on a session: its events, its permissions, its end. */
export interface Run {
  readonly info: LiveRunInfo;
  readonly log: RunEventLog;
  /** Resolves at the CLI's system/init; rejects with a `run.start_failed` AppError if the run ends or times out first. */
  readonly ready: Promise<void>;
  /** Resolves once the process is gone and `closed` was sent. Never rejects. */
  readonly ended: Promise<RunEnd>;
  isLive(): boolean;
  pid(): number | undefined;
  /** Interrupts, then terminates the process group; resolves when the run has ended. Idempotent. */
  stop(): Promise<RunEnd>;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Starts the CLI for one run at once; the caller awaits `ready`. */
export function startRun(params: RunParams, deps: RunDeps): Run {
  const logger = deps.logger.child({ streamingId: params.streamingId });
  const log = createRunEventLog({ maxBytes: deps.eventLogMaxBytes });
  const info: LiveRunInfo = {
    streamingId: params.streamingId,
    sessionId: params.sessionId,
    workingDirectory: params.workingDirectory,
    startedAt: new Date().toISOString(),
    permissionMode: params.permissionMode,
    ...(params.model ? { model: params.model } : {}),
    initialPrompt: params.prompt,
  };
  const abortController = new AbortController();
  let live = true;
  let initialized = false;
  let startTimedOut = false;
  let lastResult: { is_error?: boolean; result?: string; errors?: unknown } | undefined;
  let markReady!: () => void;
  let failStart!: (error: AppError) => void;
  const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failStart = reject)));
  ready.catch(() => undefined); // the manager awaits it; never an unhandled rejection

  const emit = (event: RunEvent): void => {
    if (!log.isClosed()) log.append(event);
  };
  const spawner = createClaudeSpawner({
    onSpawned: (pid) => logger.info({ pid, sessionId: info.sessionId, cwd: params.workingDirectory, permissionMode: params.permissionMode, model: params.model, resumed: Boolean(params.resumeSessionId) }, 'run started'),
    onStderr: (text) => logger.debug({ stderr: text.slice(0, 2000) }, 'cli stderr'),
    onUnparsedLine: (line) => {
      logger.warn({ line: line.slice(0, 500) }, 'cli wrote a line that is not JSON; skipped');
      emit({ type: 'error', error: `Skipped a line of Claude Code output that is not JSON: ${line.slice(0, 200)}` });
    },
    onError: (error) => logger.warn({ err: error }, 'cli process error'),
  });

  const canUseTool: CanUseTool = async (toolName, input, options) => {
    if (!live || stopper.requested()) return { behavior: 'deny', message: RUN_ENDED_DENY_REASON, interrupt: true };
    const { permission, result } = deps.permissions.request(
      { streamingId: params.streamingId, sessionId: info.sessionId, toolName, toolInput: input, description: options.title ?? options.description },
      (updated) => emit({ type: 'permission_resolved', data: updated }),
    );
    logger.info({ permissionId: permission.id, toolName }, 'permission requested');
    emit({ type: 'permission_request', data: permission });
    options.signal.addEventListener('abort', () => deps.permissions.settle(permission.id, 'Claude Code withdrew the request.'), { once: true });
    return result;
  };

  const q: Query = startClaudeQuery({
    prompt: params.prompt,
    cwd: params.workingDirectory,
    executablePath: params.executablePath,
    env: params.env,
    sessionId: params.sessionId,
    resumeSessionId: params.resumeSessionId,
    model: params.model,
    systemPrompt: params.systemPrompt,
    permissionMode: params.permissionMode,
    canUseTool,
    abortController,
    spawnClaudeCodeProcess: spawner.spawnClaudeCodeProcess,
  });
  const stopper = createStopper({ query: q, abortController, process: () => spawner.current(), logger, timings: deps.stopTimings });

  const handle = (message: unknown): void => {
    const mapped = mapSdkMessage(message);
    if (mapped.kind !== 'event') {
      if (mapped.kind === 'invalid') logger.warn({ reason: mapped.reason }, 'cli message does not match the contract; skipped');
      else logger.debug({ reason: mapped.reason }, 'cli message skipped');
      return;
    }
    const event = mapped.event;
    if (event.type === 'system_init' && !initialized) {
      initialized = true;
      if (event.session_id !== info.sessionId) {
        logger.warn({ preset: info.sessionId, reported: event.session_id }, 'cli reported another session id than the preset one');
        info.sessionId = event.session_id;
        deps.onSessionId(run);
      }
      markReady();
    }
    if (event.type === 'result') lastResult = event;
    emit(event);
  };

  const startFailure = (exit: ProcessExit | undefined, error: unknown): AppError => {
    const said = (lastResult?.is_error && lastResult.result) || spawner.current()?.stderrTail() || (error ? errorMessage(error) : '');
    const code = exit?.code ?? null;
    if (startTimedOut) return new AppError('run.start_failed', `Claude Code did not start within ${startTimeoutMs / 1000} s${said ? `: ${said.slice(-1500)}` : ''}`);
    const how = stopper.requested() ? 'was stopped' : `exited${code !== null ? ` with code ${code}` : exit?.signal ? ` on ${exit.signal}` : ''}`;
    return new AppError('run.start_failed', `Claude Code ${how} before the conversation started${said ? `: ${said.slice(-1500)}` : ''}`);
  };

  const finish = async (error: unknown): Promise<RunEnd> => {
    live = false;
    deps.permissions.settleRun(params.streamingId, RUN_ENDED_DENY_REASON);
    const exit = await stopper.awaitExit();
    const reason: CloseReason = stopper.requested() ? 'stopped' : lastResult?.is_error ? 'error' : error || (exit?.code ?? 0) !== 0 ? 'crashed' : 'completed';
    if (error && !stopper.requested() && !lastResult?.is_error) {
      const tail = spawner.current()?.stderrTail();
      emit({ type: 'error', error: `${errorMessage(error)}${tail && !errorMessage(error).includes(tail) ? `\n${tail.slice(-1500)}` : ''}` });
    }
    if (!initialized) failStart(startFailure(exit, error));
    const end: RunEnd = { reason, exitCode: exit?.code ?? null, signal: exit?.signal ?? null };
    emit({ type: 'closed', streamingId: params.streamingId, reason, exitCode: end.exitCode });
    log.close();
    logger.info({ sessionId: info.sessionId, reason, exitCode: end.exitCode, signal: end.signal, durationMs: Date.now() - Date.parse(info.startedAt) }, 'run exited');
    return end;
  };

  const drive = async (): Promise<RunEnd> => {
    let failure: unknown;
    try {
      for await (const message of q) handle(message);
    } catch (error) {
      failure = error;
      logger.debug({ err: error }, 'sdk query ended with an error');
    }
    return finish(failure);
  };

  const startTimeoutMs = deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const startTimer = setTimeout(() => {
    if (initialized) return;
    logger.warn('cli did not start in time; stopping it');
    startTimedOut = true;
    stopper.stop();
  }, startTimeoutMs);
  const ended = drive().finally(() => clearTimeout(startTimer));

  const run: Run = {
    info,
    log,
    ready,
    ended,
    isLive: () => live,
    pid: () => spawner.current()?.pid,
    stop: async () => {
      if (live) {
        deps.permissions.settleRun(params.streamingId, RUN_ENDED_DENY_REASON);
        stopper.stop();
      }
      return ended;
    },
  };
  return run;
}
