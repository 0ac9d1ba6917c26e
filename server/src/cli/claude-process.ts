import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';

type Listener = (...args: unknown[]) => void;

/** How much of the CLI's stderr is kept to explain an early death. */
const STDERR_TAIL_CHARS = 4000;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Callbacks the spawner reports to; every one is optional and must not throw. */
export interface ClaudeProcessHooks {
  onSpawned?(pid: number | undefined): void;
  /** One chunk of the CLI's stderr (logging only: stderr is not a failure). */
  onStderr?(text: string): void;
  /** A stdout line that is not a JSON object: the SDK skips it, we report it. */
  onUnparsedLine?(line: string): void;
  onExit?(exit: ProcessExit): void;
  /** A spawn failure (ENOENT, EACCES…). */
  onError?(error: Error): void;
}

/** The CLI child with what the run needs beyond the SDK's view of it. */
export interface ClaudeProcess {
  readonly pid: number | undefined;
  /** Resolves when the process has exited (or failed to spawn). */
  readonly exited: Promise<ProcessExit>;
  hasExited(): boolean;
  /**
   * Signals the whole process group (the CLI and anything it spawned). Once the CLI itself has exited,
   * SIGKILLs whatever is left in its group instead (a no-op when nothing is).
   */
  signalGroup(signal: NodeJS.Signals): void;
  stderrTail(): string;
}

/** How much of a junk line is kept for the report. */
const UNPARSED_HEAD_CHARS = 500;

/**
 * Passes stdout through unchanged and reports lines that are not JSON objects (do not start with '{' and
 * end with '}'). Only a line's head and last non-blank character are kept, so a multi-megabyte line
 * (a large tool result) costs no copying.
 */
function createLineInspector(onUnparsedLine: (line: string) => void): Transform {
  const decoder = new StringDecoder('utf8');
  let head = '';
  let last = '';
  const endLine = (): void => {
    const trimmed = head.trim();
    if (trimmed && !(trimmed.startsWith('{') && last === '}')) onUnparsedLine(trimmed);
    head = '';
    last = '';
  };
  const scan = (text: string): void => {
    const parts = text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) endLine();
      if (head.length < UNPARSED_HEAD_CHARS) head += part.slice(0, UNPARSED_HEAD_CHARS - head.length);
      const tail = part.trimEnd();
      if (tail) last = tail[tail.length - 1] ?? '';
    });
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      scan(decoder.write(chunk));
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      scan(decoder.end());
      endLine();
      callback();
    },
  });
}

function signalChildGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid = the process group: the CLI was spawned detached, so it leads its own group.
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is already gone. Fall back to the child itself in case it left its group.
    try {
      child.kill(signal);
    } catch {
      // Already exited: nothing to signal.
    }
  }
}

/** Follows a child's exit and stderr: resolves `exited` once (also for a spawn that failed). */
function watchChild(child: ChildProcess, hooks: ClaudeProcessHooks): { exited: Promise<ProcessExit>; exit(): ProcessExit | undefined; tail(): string } {
  let tail = '';
  let exit: ProcessExit | undefined;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      hooks.onExit?.(exit);
      resolve(exit);
    });
    child.once('error', (error) => {
      hooks.onError?.(error);
      // A process that never started emits no 'exit'.
      if (child.pid === undefined) resolve((exit = { code: null, signal: null }));
    });
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    tail = (tail + text).slice(-STDERR_TAIL_CHARS);
    hooks.onStderr?.(text);
  });
  return { exited, exit: () => exit, tail: () => tail.trim() };
}

/** The SDK's view of the child, with our inspected stdout in place of the raw one. */
function asSpawnedProcess(child: ChildProcessWithoutNullStreams, stdout: Transform): SpawnedProcess {
  return {
    stdin: child.stdin,
    stdout,
    get killed() {
      return child.killed;
    },
    get exitCode() {
      return child.exitCode;
    },
    get signalCode() {
      return child.signalCode;
    },
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    on: (event: 'exit' | 'error', listener: Listener) => void child.on(event, listener),
    once: (event: 'exit' | 'error', listener: Listener) => void child.once(event, listener),
    off: (event: 'exit' | 'error', listener: Listener) => void child.off(event, listener),
  } as SpawnedProcess;
}

/**
 * A `spawnClaudeCodeProcess` for the Agent SDK: spawns the CLI in its own process group so a stop can end
 * it and everything it started, keeps a stderr tail for error messages, and watches stdout for junk lines.
 * The SDK's forwarded abort signal (after its stdin-close grace window) terminates the group.
 */
export function createClaudeSpawner(hooks: ClaudeProcessHooks): {
  spawnClaudeCodeProcess: (options: SpawnOptions) => SpawnedProcess;
  /** Set once the SDK has asked for the process. */
  current(): ClaudeProcess | undefined;
} {
  let handle: ClaudeProcess | undefined;
  const spawnClaudeCodeProcess = (options: SpawnOptions): SpawnedProcess => {
    const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });
    const watched = watchChild(child, hooks);
    const stdout = child.stdout.pipe(createLineInspector((line) => hooks.onUnparsedLine?.(line)));
    options.signal.addEventListener('abort', () => signalChildGroup(child, 'SIGTERM'), { once: true });
    handle = {
      pid: child.pid,
      exited: watched.exited,
      hasExited: () => watched.exit() !== undefined,
      signalGroup: (signal) => {
        if (watched.exit() === undefined) signalChildGroup(child, signal);
        else if (child.pid !== undefined) killLeftovers(child.pid);
      },
      stderrTail: watched.tail,
    };
    hooks.onSpawned?.(child.pid);
    return asSpawnedProcess(child, stdout);
  };
  return { spawnClaudeCodeProcess, current: () => handle };
}

/** After the CLI itself exited, its group may still hold children it started (a Bash command): kill them. */
function killLeftovers(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}
