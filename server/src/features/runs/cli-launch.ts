import type { CanUseTool, PermissionResult, Query } from '@anthropic-ai/claude-agent-sdk';
import type { Logger } from 'pino';
import { createClaudeSpawner } from '../../cli/claude-process';
import { startClaudeQuery } from '../../cli/claude-query';
import { createPromptInput, type PromptInput } from '../../cli/prompt-input';
import type { RunDeps, RunParams } from './run';
import type { StandbyLaunch } from './standby-pool';
import { createStopper, type Stopper } from './stopper';

/** What a launch needs: a run's parameters before its first message. */
export type LaunchParams = Omit<RunParams, 'prompt'>;

/** Where a launch reports once a run owns it. */
export interface LaunchHooks {
  onUnparsedLine(line: string): void;
  canUseTool: CanUseTool;
}

/**
 * One spawned CLI process and its SDK query, waiting for its first message on the streaming input. A run owns it
 * at once (a cold start), or later (a standby spawned ahead of a likely follow-up, see standby-pool.ts).
 */
export interface CliLaunch extends StandbyLaunch {
  readonly query: Query;
  readonly input: PromptInput;
  readonly spawner: ReturnType<typeof createClaudeSpawner>;
  readonly stopper: Stopper;
  /** A run takes the launch over: unparsed lines and tool approvals go to it from now on. */
  attach(hooks: LaunchHooks): void;
}

const NOT_ATTACHED: PermissionResult = { behavior: 'deny', message: 'No run owns this Claude Code process yet.', interrupt: true };

/** Spawns the CLI for these parameters now; the process waits for its first message. */
export function launchCli(params: LaunchParams, deps: RunDeps, logger: Logger): CliLaunch {
  let hooks: LaunchHooks | undefined;
  const spawner = createClaudeSpawner({
    onSpawned: (pid) => {
      if (pid !== undefined) deps.guard?.track({ streamingId: params.streamingId, sessionId: params.sessionId }, pid);
      logger.info({ pid, sessionId: params.sessionId, cwd: params.workingDirectory, permissionMode: params.permissionMode, model: params.model, resumed: Boolean(params.resumeSessionId) }, 'cli spawned');
    },
    onStderr: (text) => logger.debug({ stderr: text.slice(0, 2000) }, 'cli stderr'),
    onUnparsedLine: (line) => {
      logger.warn({ line: line.slice(0, 500) }, 'cli wrote a line that is not JSON; skipped');
      hooks?.onUnparsedLine(line);
    },
    onError: (error) => logger.warn({ err: error }, 'cli process error'),
  });
  const abortController = new AbortController();
  const input = createPromptInput();
  const canUseTool: CanUseTool = (toolName, toolInput, options) => (hooks ? hooks.canUseTool(toolName, toolInput, options) : Promise.resolve(NOT_ATTACHED));
  const query = startClaudeQuery(
    { ...params, input, cwd: params.workingDirectory, canUseTool, abortController, spawnClaudeCodeProcess: spawner.spawnClaudeCodeProcess },
    deps.query,
  );
  const stopper = createStopper({
    query,
    abortController,
    process: () => spawner.current(),
    logger,
    timings: deps.stopTimings,
    ...(deps.guard ? { killTree: deps.guard.killTree } : {}),
  });
  return {
    params,
    query,
    input,
    spawner,
    stopper,
    attach: (next) => (hooks = next),
    pid: () => spawner.current()?.pid,
    alive: () => Boolean(spawner.current() && !spawner.current()?.hasExited()),
    async discard() {
      input.end();
      abortController.abort();
      // Nobody iterates an unused query: drain it so its end (an abort error) is nobody's unhandled rejection.
      void (async () => {
        for await (const message of query) logger.debug({ type: (message as { type?: unknown }).type }, 'standby cli said something; ignored');
      })().catch((error: unknown) => logger.debug({ err: error }, 'standby query ended'));
      spawner.current()?.signalGroup('SIGTERM');
      await stopper.awaitExit();
      deps.guard?.release(params.streamingId, spawner.current()?.pid);
    },
  };
}
