import { randomUUID } from 'node:crypto';
import type { Query } from '@anthropic-ai/claude-agent-sdk';
import type { Logger } from 'pino';
import type { ClaudeQueryFn } from '../../cli/claude-query';
import { launchCli } from './cli-launch';
import type { RunDeps } from './run';
import type { RunLauncher } from './run-launcher';

/**
 * A CLI process opened on a finished session itself (resumed in place, no fork) that is sent no message: the SDK's
 * control requests that need a live query (`rewindFiles`) go through it. Tracked by the run guard like a run, so the
 * reaper ends it if the server dies; `close` ends it.
 */
export interface SessionControl {
  readonly query: Query;
  close(): Promise<void>;
}

export interface SessionControlTarget {
  sessionId: string;
  workingDirectory: string;
  executablePath: string;
}

export function openSessionControl(
  target: SessionControlTarget,
  deps: { launcher: RunLauncher; query: ClaudeQueryFn; runDeps: Pick<RunDeps, 'logger' | 'permissions' | 'guard'> },
): SessionControl {
  const resolved = { prompt: '', workingDirectory: target.workingDirectory, executablePath: target.executablePath, permissionMode: 'default' as const, resumeSessionId: target.sessionId };
  const streamingId = randomUUID();
  const logger: Logger = deps.runDeps.logger.child({ streamingId, control: true });
  const params = { ...deps.launcher.params(resolved).params, streamingId, sessionId: target.sessionId, resumeInPlace: true };
  const launch = launchCli(params, { ...deps.runDeps, query: deps.query }, logger);
  return { query: launch.query, close: () => launch.discard() };
}
