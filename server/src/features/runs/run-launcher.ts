import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ClaudeQueryFn, RunSettings } from '../../cli/claude-query';
import { launchCli, type CliLaunch } from './cli-launch';
import type { PermissionRegistry } from './permissions';
import { startRun, type Run, type RunDeps } from './run';
import type { RunEnvironmentProvider } from './run-environment';
import type { RunGuard } from './run-guard';
import type { StandbyMatch, StandbyPool } from './standby-pool';
import type { ResolvedStart } from './start-request';

export interface RunLauncherDeps {
  logger: Logger;
  permissions: PermissionRegistry;
  standbys: StandbyPool<CliLaunch>;
  runEnvironment: RunEnvironmentProvider;
  runSettings: (workingDirectory: string) => RunSettings;
  guard?: RunGuard;
  run?: Pick<RunDeps, 'stopTimings' | 'startTimeoutMs' | 'eventLogMaxBytes' | 'idleAfterInterruptMs'>;
}

/**
 * Turns a resolved start into a CLI: the parameters (computed the same way for a standby and for the start it serves),
 * then a run on a standby CLI that matches them, else on a new one.
 */
export class RunLauncher {
  constructor(private readonly deps: RunLauncherDeps) {}

  /** The CLI's parameters for this start, ids aside; `routed`: the run talks to the model-provider router. */
  params(resolved: ResolvedStart): { params: StandbyMatch; routed: boolean } {
    const { env, model, routed } = this.deps.runEnvironment({
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
      ...(resolved.maxBudgetUsd !== undefined ? { maxBudgetUsd: resolved.maxBudgetUsd } : {}),
      ...this.deps.runSettings(resolved.workingDirectory),
    };
    return { params, routed: routed === true };
  }

  /** `history`: the resumed transcript's stamp, when a standby may serve this start (see StandbyPool.take). */
  launch(resolved: ResolvedStart, query: ClaudeQueryFn, history: string | undefined): { run: Run; routed: boolean } {
    const { params, routed } = this.params(resolved);
    const { logger, standbys } = this.deps;
    const standby = resolved.resumeSessionId ? standbys.take(resolved.resumeSessionId, params, history) : undefined;
    const ids = standby ? { streamingId: standby.params.streamingId, sessionId: standby.params.sessionId } : { streamingId: randomUUID(), sessionId: randomUUID() };
    if (standby) logger.info({ ...ids, resumeSessionId: resolved.resumeSessionId }, 'follow-up takes the standby cli');
    return { run: startRun({ ...params, ...ids, prompt: resolved.prompt }, this.runDeps(query), standby), routed };
  }

  /** A standby CLI for the follow-up `resolved` describes, with ids of its own. */
  launchStandby(resolved: ResolvedStart, query: ClaudeQueryFn): CliLaunch {
    const params = { ...this.params(resolved).params, streamingId: randomUUID(), sessionId: randomUUID() };
    return launchCli(params, this.runDeps(query), this.deps.logger.child({ streamingId: params.streamingId, standby: true }));
  }

  private runDeps(query: ClaudeQueryFn): RunDeps {
    const { logger, permissions, guard } = this.deps;
    return { logger, permissions, query, guard, ...this.deps.run };
  }
}
