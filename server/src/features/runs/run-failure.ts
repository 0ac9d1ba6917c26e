import type { ClaudeProcess, ProcessExit } from '../../cli/claude-process';
import { AppError } from '../../platform/app-error';

/** How much of what the CLI said goes into an error message. */
const SAID_CHARS = 1500;

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The error event of a run whose CLI died or failed: the failure, with the tail of the CLI's stderr. */
export function crashMessage(failure: unknown, process: ClaudeProcess | undefined): string {
  const message = errorMessage(failure);
  const tail = process?.stderrTail();
  return tail && !message.includes(tail) ? `${message}\n${tail.slice(-SAID_CHARS)}` : message;
}

/** Why a run ended before the CLI's system/init, with the end of what the CLI said. */
export function startFailure(how: { said: string; exit: ProcessExit | undefined; stopped: boolean; timedOutAfterMs?: number }): AppError {
  const detail = how.said ? `: ${how.said.slice(-SAID_CHARS)}` : '';
  if (how.timedOutAfterMs !== undefined) return new AppError('run.start_failed', `Claude Code did not start within ${how.timedOutAfterMs / 1000} s${detail}`);
  if (how.stopped) return new AppError('run.start_failed', `Claude Code was stopped before the conversation started${detail}`);
  const exit = how.exit;
  const code = exit?.code != null ? ` with code ${exit.code}` : exit?.signal ? ` on ${exit.signal}` : '';
  return new AppError('run.start_failed', `Claude Code exited${code} before the conversation started${detail}`);
}
