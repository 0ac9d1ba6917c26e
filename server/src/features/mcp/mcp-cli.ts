import { spawn } from 'node:child_process';
import { AppError } from '../../platform/app-error';
import { identify } from '../../platform/process-identity';
import type { ProcessOwner } from '../../platform/reaper';

/** How long `claude mcp add|remove` may take (it only writes a config file). */
export const MCP_COMMAND_TIMEOUT_MS = 30_000;
/** What is kept of its output. */
const OUTPUT_CHARS = 4000;

export interface McpCliDeps {
  executablePath: string;
  reaper: ProcessOwner;
  timeoutMs?: number;
}

/**
 * Runs the bundled CLI's `claude mcp …` with an argument list (no shell) in `cwd`, stdin closed: in its own process
 * group, watched by the reaper while it lives (it dies with the server), killed with its group after a timeout.
 * (`execFile` cannot start a process group, so this spawns.) Resolves with what it printed; a failure becomes
 * `mcp.failed` with the CLI's own words.
 */
export function runClaudeMcp(deps: McpCliDeps, args: string[], cwd: string, env: Record<string, string | undefined>): Promise<string> {
  const timeoutMs = deps.timeoutMs ?? MCP_COMMAND_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(deps.executablePath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const pid = child.pid;
    if (pid !== undefined) deps.reaper.watch(identify(pid));
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-OUTPUT_CHARS));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    }, timeoutMs);
    const fail = (why: string) => reject(new AppError('mcp.failed', `claude ${args.slice(0, 2).join(' ')} failed: ${why.slice(-1500)}`));
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error.message);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pid !== undefined) deps.reaper.forget(pid);
      const text = output.trim();
      if (code === 0) resolve(text);
      else fail(timedOut ? `timed out after ${timeoutMs / 1000} s` : text || `exit code ${code}`);
    });
  });
}
