import type { CanUseTool, PermissionResult, Query } from '@anthropic-ai/claude-agent-sdk';
import type { BackgroundTask, PermissionMode, QueuedMessage } from '@cui/contract';
import type { Logger } from 'pino';
import type { ProcessExit } from '../../cli/claude-process';
import type { ClaudeQueryFn, RunSettings } from '../../cli/claude-query';
import { createPartialMessageMapper, isPartialMessage } from '../../cli/partial-messages';
import { createContextTracker } from '../../cli/context-usage';
import { mapSdkMessage, type RunEvent } from '../../cli/sdk-events';
import type { LiveRunInfo } from '../../context';
import { AppError } from '../../platform/app-error';
import { createRunEventLog, type RunEventLog } from './event-log';
import { RUN_ENDED_DENY_REASON, type PermissionRegistry } from './permissions';
import type { RunGuard } from './run-guard';
import { crashMessage, errorMessage, startFailure } from './run-failure';
import { launchCli, type CliLaunch } from './cli-launch';
import { createBackgroundTasks, explainBudgetStop, type LiveControls } from './live-controls';
import type { Stopper, StopTimings } from './stopper';
import { createTurnControl, type TurnControl } from './turns';

export type CloseReason = 'completed' | 'stopped' | 'error' | 'crashed';

export interface RunEnd {
  reason: CloseReason;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunParams extends RunSettings {
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
  /** Resume the session itself, not a fork of it (a control process, see session-control.ts). */
  resumeInPlace?: boolean;
  /** Work in a new git worktree of this name (the session's folder is then the worktree's, see cli/worktree.ts). */
  worktreeName?: string;
  /** The run's cost cap in dollars (the SDK's `maxBudgetUsd`). */
  maxBudgetUsd?: number;
}

export interface RunDeps {
  logger: Logger;
  /** The Agent SDK's query(), loaded by the run manager before the first run. */
  query: ClaudeQueryFn;
  permissions: PermissionRegistry;
  stopTimings?: Partial<StopTimings>;
  /** How long start waits for the CLI's system/init. */
  startTimeoutMs?: number;
  eventLogMaxBytes?: number;
  /** Ties the CLI's life to the server's (recorded for the next server, killed by the reaper if the server dies). */
  guard?: RunGuard;
  /** How long an interrupted run waits for its next message before it ends. */
  idleAfterInterruptMs?: number;
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
  /** Ends the current turn but keeps the process, which waits for `send`; nothing to do when idle. */
  interrupt(): Promise<void>;
  /** The next message: at once when the run waits (null), else queued (see TurnControl.send). */
  send(text: string, priority?: 'next' | 'now'): QueuedMessage | null;
  unqueue(id: string): void;
  sendNow(id: string): void;
  /** The SDK's controls on the live CLI (MCP servers, context, task stops); `run.finished` once it ended. */
  controls(): LiveControls;
  /** The run's live background tasks, as the CLI last listed them. */
  backgroundTasks(): BackgroundTask[];
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

type ResultSummary = { is_error?: boolean; result?: string };

/**
 * One CLI process and its conversation turn, driven through the Agent SDK. A class because it is a real
 * stateful resource: it owns the process, its event log and its pending permissions until `ended`.
 */
class CliRun implements Run {
  readonly info: LiveRunInfo;
  readonly log: RunEventLog;
  readonly ready: Promise<void>;
  readonly ended: Promise<RunEnd>;
  private readonly logger: Logger;
  private readonly spawner: CliLaunch['spawner'];
  private readonly stopper: Stopper;
  private readonly partials = createPartialMessageMapper();
  private readonly context = createContextTracker();
  private readonly turns: TurnControl;
  private readonly query: Query;
  private readonly tasks = createBackgroundTasks();
  private live = true;
  private initialized = false;
  private startTimedOut = false;
  private lastResult: ResultSummary | undefined;
  private markReady!: () => void;
  private failStart!: (error: AppError) => void;

  constructor(
    private readonly params: RunParams,
    private readonly deps: RunDeps,
    launch: CliLaunch | undefined,
  ) {
    this.logger = deps.logger.child({ streamingId: params.streamingId });
    this.log = createRunEventLog({ maxBytes: deps.eventLogMaxBytes });
    this.info = {
      streamingId: params.streamingId,
      sessionId: params.sessionId,
      workingDirectory: params.workingDirectory,
      startedAt: new Date().toISOString(),
      permissionMode: params.permissionMode,
      ...(params.model ? { model: params.model } : {}),
      initialPrompt: params.prompt,
      ...(params.resumeSessionId ? { resumedFrom: params.resumeSessionId } : {}),
    };
    this.ready = new Promise<void>((resolve, reject) => ((this.markReady = resolve), (this.failStart = reject)));
    this.ready.catch(() => undefined); // the manager awaits it; never an unhandled rejection
    const cli = launch ?? launchCli(params, deps, this.logger);
    cli.attach({ canUseTool: this.canUseTool, onUnparsedLine: (line) => this.emit({ type: 'error', error: `Skipped a line of Claude Code output that is not JSON: ${line.slice(0, 200)}` }) });
    this.spawner = cli.spawner;
    this.stopper = cli.stopper;
    const query = cli.query;
    this.query = query;
    this.turns = createTurnControl({ input: cli.input, interrupt: () => query.interrupt(), logger: this.logger, firstMessage: params.prompt, idleMs: deps.idleAfterInterruptMs,
      onQueueChanged: (queued, started) => this.emit({ type: 'queue_updated', queued, ...(started ? { started } : {}) }),
    });
    const startTimer = setTimeout(() => this.startTimeout(), deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
    this.ended = this.drive(query)
      .catch((error: unknown) => this.abandon(error))
      .finally(() => clearTimeout(startTimer));
  }

  isLive(): boolean {
    return this.live;
  }

  pid(): number | undefined {
    return this.spawner.current()?.pid;
  }

  async stop(): Promise<RunEnd> {
    if (this.live) {
      this.deps.permissions.settleRun(this.params.streamingId, RUN_ENDED_DENY_REASON);
      this.stopper.stop();
      this.turns.end();
    }
    return this.ended;
  }

  async interrupt(): Promise<void> {
    await this.liveTurns().interrupt();
  }

  send(text: string, priority?: 'next' | 'now'): QueuedMessage | null {
    return this.liveTurns().send(text, priority);
  }

  unqueue(id: string): void {
    this.liveTurns().unqueue(id);
  }

  sendNow(id: string): void {
    this.liveTurns().sendNow(id);
  }

  controls(): LiveControls {
    this.liveTurns();
    return this.query;
  }

  backgroundTasks(): BackgroundTask[] {
    return this.live ? this.tasks.list() : [];
  }

  /** The run's turns while it is live; `run.finished` once it ended or is stopping. */
  private liveTurns(): TurnControl {
    if (!this.live || this.stopper.requested()) throw new AppError('run.finished', `Run ${this.params.streamingId} has finished`);
    return this.turns;
  }

  private emit(event: RunEvent): void {
    if (!this.log.isClosed()) this.log.append(event);
  }

  /** Every tool approval the CLI asks for becomes a permission request that waits for a human (or the run's end). */
  private readonly canUseTool: CanUseTool = async (toolName, input, options): Promise<PermissionResult> => {
    if (!this.live || this.stopper.requested()) return { behavior: 'deny', message: RUN_ENDED_DENY_REASON, interrupt: true };
    const { permission, result } = this.deps.permissions.request(
      { streamingId: this.params.streamingId, sessionId: this.info.sessionId, toolName, toolInput: input, description: options.title ?? options.description, toolUseId: options.toolUseID },
      (updated) => this.emit({ type: 'permission_resolved', data: updated }),
    );
    this.logger.info({ permissionId: permission.id, toolName }, 'permission requested');
    this.emit({ type: 'permission_request', data: permission });
    options.signal.addEventListener('abort', () => this.deps.permissions.settle(permission.id, 'Claude Code withdrew the request.'), { once: true });
    return result;
  };

  private handle(message: unknown): void {
    if (isPartialMessage(message)) {
      const piece = this.partials.map(message);
      if (piece) this.log.appendPartial(piece);
      return;
    }
    this.tasks.note(message);
    const mapped = mapSdkMessage(message);
    if (mapped.kind === 'invalid') this.logger.warn({ reason: mapped.reason }, 'cli message does not match the contract; skipped');
    if (mapped.kind === 'skipped') this.logger.debug({ reason: mapped.reason }, 'cli message skipped');
    if (mapped.kind !== 'event') return;
    let event = explainBudgetStop(this.context.annotate(mapped.event), this.params.maxBudgetUsd);
    if (event.type === 'system_init' && !this.initialized) this.onInit(event.session_id, event.cwd);
    if (event.type === 'result') {
      // An interrupted turn is no failure of the run: it goes on with the next message.
      if (this.turns.onResult().interrupted) event = { ...event, interrupted: true };
      else this.lastResult = event;
    }
    this.emit(event);
  }

  private onInit(sessionId: string, cwd: string): void {
    this.initialized = true;
    // In a worktree the CLI works in the folder it made: that is the session's folder from now on.
    if (this.params.worktreeName) this.info.workingDirectory = cwd;
    if (sessionId !== this.info.sessionId) {
      this.logger.warn({ preset: this.info.sessionId, reported: sessionId }, 'cli reported another session id than the preset one');
      this.info.sessionId = sessionId;
    }
    this.markReady();
  }

  private startTimeout(): void {
    if (this.initialized || !this.live) return;
    this.logger.warn('cli did not start in time; stopping it');
    this.startTimedOut = true;
    this.stopper.stop();
  }

  private async drive(query: Query): Promise<RunEnd> {
    let failure: unknown;
    try {
      for await (const message of query) this.handle(message);
    } catch (error) {
      failure = error;
      this.logger.debug({ err: error }, 'sdk query ended with an error');
    }
    return this.finish(failure);
  }

  /** Last resort if ending the run itself failed: viewers still get `closed`, nobody gets a rejection. */
  private abandon(error: unknown): RunEnd {
    this.logger.error({ err: error }, 'ending the run failed');
    this.live = false;
    this.failStart(new AppError('run.start_failed', `Claude Code run failed: ${errorMessage(error)}`));
    this.emit({ type: 'closed', streamingId: this.params.streamingId, reason: 'crashed', exitCode: null });
    this.log.close();
    this.spawner.current()?.signalGroup('SIGKILL');
    this.deps.guard?.release(this.params.streamingId, this.pid());
    return { reason: 'crashed', exitCode: null, signal: null };
  }

  private closeReason(failure: unknown, exit: ProcessExit | undefined): CloseReason {
    if (this.stopper.requested()) return 'stopped';
    if (this.lastResult?.is_error) return 'error';
    return failure || (exit?.code ?? 0) !== 0 ? 'crashed' : 'completed';
  }

  private async finish(failure: unknown): Promise<RunEnd> {
    this.live = false;
    this.turns.end();
    this.deps.permissions.settleRun(this.params.streamingId, RUN_ENDED_DENY_REASON);
    const exit = await this.stopper.awaitExit();
    // Only now: awaitExit has also ended whatever the CLI left in its process group.
    this.deps.guard?.release(this.params.streamingId, this.pid());
    const reason = this.closeReason(failure, exit);
    // An API error already reached viewers as an error result; a stop is no failure.
    if (failure && reason === 'crashed') this.emit({ type: 'error', error: crashMessage(failure, this.spawner.current()) });
    if (!this.initialized) this.failStart(this.startFailure(exit, failure));
    const end: RunEnd = { reason, exitCode: exit?.code ?? null, signal: exit?.signal ?? null };
    this.emit({ type: 'closed', streamingId: this.params.streamingId, reason, exitCode: end.exitCode });
    this.log.close();
    const durationMs = Date.now() - Date.parse(this.info.startedAt);
    this.logger.info({ sessionId: this.info.sessionId, reason, exitCode: end.exitCode, signal: end.signal, durationMs }, 'run exited');
    return end;
  }

  private startFailure(exit: ProcessExit | undefined, failure: unknown): AppError {
    const said = (this.lastResult?.is_error && this.lastResult.result) || this.spawner.current()?.stderrTail() || (failure ? errorMessage(failure) : '');
    const timedOutAfterMs = this.startTimedOut ? (this.deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) : undefined;
    return startFailure({ said, exit, stopped: this.stopper.requested(), ...(timedOutAfterMs !== undefined ? { timedOutAfterMs } : {}) });
  }
}

/**
 * Starts one run: its first message goes to `launch` when given (a standby CLI spawned for these very parameters),
 * else to a CLI spawned now. The caller awaits `ready`.
 */
export function startRun(params: RunParams, deps: RunDeps, launch?: CliLaunch): Run {
  return new CliRun(params, deps, launch);
}
