import type { PermissionMode } from '@cui/contract';
import type { Logger } from 'pino';
import type { ClaudeQueryFn } from '../../cli/claude-query';
import { transcriptStamp } from '../../cli/transcript-path';
import type { SessionInfoStore } from '../sessions/index';
import type { CliLaunch } from './cli-launch';
import type { Run } from './run';
import type { RunLauncher } from './run-launcher';
import type { StandbyPool } from './standby-pool';
import { resolveStart } from './start-request';

export interface FollowUpStandbysDeps {
  logger: Logger;
  standbys: StandbyPool<CliLaunch>;
  launcher: RunLauncher;
  defaultExecutablePath: string;
  claudeProjectsDir: string;
  sessionInfo: SessionInfoStore;
  /** Whether this session has a live run now (it then wants no standby). */
  isLive: (sessionId: string) => boolean;
  /** The manager is shutting down: no more standbys. */
  closing: () => boolean;
}

/**
 * After a completed run: the CLI its likely follow-up needs (same folder and mode, the defaults of the web's send),
 * kept in the standby pool. A stop of the session while it is being prepared cancels it.
 */
export class FollowUpStandbys {
  /** Completed sessions whose standby is being prepared. */
  private readonly awaiting = new Set<string>();

  constructor(private readonly deps: FollowUpStandbysDeps) {}

  /** Prepares the standby of a run that just completed; a failure is logged (the follow-up then starts cold). */
  afterCompleted(run: Run, permissionMode: PermissionMode, query: ClaudeQueryFn): void {
    this.awaiting.add(run.info.sessionId);
    this.prepare(run, permissionMode, query).catch((error: unknown) => this.deps.logger.warn({ err: error, sessionId: run.info.sessionId }, 'could not prepare a standby cli'));
  }

  /** The session was stopped: a standby being prepared for it is not kept, one waiting is ended. */
  async cancel(sessionId: string): Promise<void> {
    this.awaiting.delete(sessionId);
    await this.deps.standbys.discard(sessionId);
  }

  private async prepare(run: Run, permissionMode: PermissionMode, query: ClaudeQueryFn): Promise<void> {
    const { sessionId, workingDirectory } = run.info;
    const { deps } = this;
    const resolved = await resolveStart(
      { workingDirectory, initialPrompt: '', resumedSessionId: sessionId, permissionMode },
      { defaultExecutablePath: deps.defaultExecutablePath, claudeProjectsDir: deps.claudeProjectsDir, sessionInfo: deps.sessionInfo },
    );
    const history = await transcriptStamp(deps.claudeProjectsDir, sessionId);
    // A stop of the session (or a new run of it) while the paths were checked: it wants no standby.
    if (!this.awaiting.delete(sessionId) || deps.closing() || deps.isLive(sessionId)) return;
    deps.standbys.prepare(sessionId, deps.launcher.launchStandby(resolved, query), history);
  }
}
