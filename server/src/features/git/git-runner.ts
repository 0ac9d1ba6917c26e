import { execFile } from 'node:child_process';
import { childEnvironment } from '../../cli/claude-query';
import { AppError } from '../../platform/app-error';
import { identify } from '../../platform/process-identity';
import type { ProcessOwner } from '../../platform/reaper';

/** A local operation's time limit; remote ones (fetch, pull, push) get REMOTE_TIMEOUT_MS. */
export const LOCAL_TIMEOUT_MS = 30_000;
export const REMOTE_TIMEOUT_MS = 120_000;
const MAX_BUFFER = 64 * 1024 * 1024;

export interface GitResult {
  stdout: string;
  stderr: string;
}

export interface GitCall {
  cwd: string;
  args: string[];
  /** Written to git's stdin (a commit message). */
  input?: string;
  timeoutMs?: number;
  /** Resolve with the output even when git exits non-zero (diff --no-index exits 1 on a difference). */
  allowExitCodes?: number[];
}

/**
 * Runs git with an argument list (execFile: no shell) and owns every process it starts: each has a time limit,
 * `close()` kills those still running, and the reaper (`owner`) ends one with its hooks if the server dies meanwhile. `--literal-pathspecs` keeps `*` and `:(…)` in a path after `--` literal; a
 * missing credential fails instead of prompting (GIT_TERMINAL_PROMPT=0, ssh in batch mode); the user's own
 * credential helpers and ssh agent still apply.
 */
export function createGitRunner(owner?: ProcessOwner) {
  const running = new Set<AbortController>();
  const env = childEnvironment(process.env, {
    GIT_TERMINAL_PROMPT: '0',
    GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
  });
  const run = (call: GitCall): Promise<GitResult> => {
    const controller = new AbortController();
    running.add(controller);
    return new Promise<GitResult>((resolve, reject) => {
      const child = execFile(
        'git',
        ['--literal-pathspecs', '-c', 'core.quotepath=off', ...call.args],
        { cwd: call.cwd, env, timeout: call.timeoutMs ?? LOCAL_TIMEOUT_MS, maxBuffer: MAX_BUFFER, signal: controller.signal, windowsHide: true, encoding: 'utf8' },
        (error, stdout, stderr) => {
          running.delete(controller);
          if (child.pid !== undefined) owner?.forget(child.pid);
          const code = (error as { code?: unknown } | null)?.code;
          if (!error || (typeof code === 'number' && call.allowExitCodes?.includes(code))) return resolve({ stdout, stderr });
          reject(gitError(error, stderr || stdout));
        },
      );
      if (child.pid !== undefined) owner?.watch(identify(child.pid));
      if (call.input !== undefined) child.stdin?.end(call.input);
      else child.stdin?.end();
    });
  };
  return {
    run,
    /** Kills every git still running (the server is closing). */
    close(): void {
      for (const controller of running) controller.abort();
      running.clear();
    },
  };
}

export type GitRunner = ReturnType<typeof createGitRunner>;

function gitError(error: Error & { killed?: boolean; signal?: NodeJS.Signals | null }, output: string): AppError {
  if (error.killed || error.name === 'AbortError') return new AppError('git.timeout', 'git took too long and was stopped');
  const message = output.trim() || error.message;
  return new AppError('git.failed', message.slice(0, 8000), { cause: error });
}
