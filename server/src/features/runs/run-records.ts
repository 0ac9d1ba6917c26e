import type { Logger } from 'pino';
import type { EventBus, RunEndReason } from '../../platform/bus';
import type { SessionInfoStore } from '../sessions/index';
import type { CloseReason, Run, RunEnd } from './run';
import type { ResolvedStart } from './start-request';

const END_REASONS: Record<CloseReason, RunEndReason> = { completed: 'completed', error: 'failed', stopped: 'stopped', crashed: 'crashed' };

export interface RunRecordsDeps {
  logger: Logger;
  bus: EventBus;
  sessionInfo: SessionInfoStore;
  /** The session's title as the list shows it, for `run.ended` (see SessionIndex.titleOf). */
  sessionTitle?: (sessionId: string, fallback: { resumedFrom?: string; prompt: string }) => string;
}

/** What a run leaves behind it: its session's info at its start, and the `run.started`/`run.ended` facts. */
export class RunRecords {
  constructor(private readonly deps: RunRecordsDeps) {}

  /** Once the CLI reported its session: the session's info (mode, initial commit, inherited mute, continuation). */
  async recordStart(run: Run, resolved: ResolvedStart, head: Promise<string | undefined>): Promise<void> {
    const sessionId = run.info.sessionId;
    const initialCommitHead = resolved.inheritedCommitHead ?? (await head);
    // A resumed session keeps its predecessor's mute.
    const muted = resolved.resumeSessionId !== undefined && !this.deps.sessionInfo.get(resolved.resumeSessionId).notify;
    this.update(sessionId, { permissionMode: resolved.permissionMode, ...(initialCommitHead ? { initialCommitHead } : {}), ...(muted ? { notify: false } : {}) });
    if (resolved.resumeSessionId) this.update(resolved.resumeSessionId, { continuationSessionId: sessionId });
  }

  /** Published once the CLI reported its session, so the id is final; `run.ended` follows only such runs. */
  publishStart(run: Run, routed: boolean): void {
    const { streamingId, sessionId, workingDirectory, permissionMode, model } = run.info;
    this.deps.bus.publish('run.started', { streamingId, sessionId, cwd: workingDirectory, ...(model ? { model } : {}), permissionMode, routed });
  }

  publishEnd(run: Run, end: RunEnd, resumedFrom: string | undefined): void {
    const { streamingId, sessionId, startedAt } = run.info;
    const reason = END_REASONS[end.reason];
    const summary = this.title(sessionId, { prompt: run.info.initialPrompt, ...(resumedFrom ? { resumedFrom } : {}) });
    this.deps.bus.publish('run.ended', { streamingId, sessionId, reason, isError: reason === 'failed' || reason === 'crashed', durationMs: Date.now() - Date.parse(startedAt), summary });
  }

  private title(sessionId: string, fallback: { resumedFrom?: string; prompt: string }): string {
    try {
      return this.deps.sessionTitle?.(sessionId, fallback) ?? '';
    } catch (error) {
      this.deps.logger.warn({ err: error, sessionId }, 'could not read the session title');
      return '';
    }
  }

  private update(sessionId: string, patch: Parameters<SessionInfoStore['update']>[1]): void {
    try {
      this.deps.sessionInfo.update(sessionId, patch);
    } catch (error) {
      this.deps.logger.warn({ err: error, sessionId }, 'could not record session info');
    }
  }
}
