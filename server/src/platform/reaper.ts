import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Logger } from 'pino';
import type { ProcessIdentity } from './process-identity';

/**
 * The reaper: a tiny Node process that outlives the server by design. The server tells it, over its stdin, which
 * CLI processes are live; when that pipe closes without a goodbye (the server died, even by SIGKILL, since the
 * kernel closes its end either way) it kills every listed CLI with all its descendants, then exits. It also ends
 * the leftovers a restarted server finds, on request.
 *
 * Descendants, not a process group: the CLI starts each Bash command in a new session (setsid), and `timeout`
 * and friends make groups of their own, so no group or session holds a run. The tree is frozen (SIGSTOP) level
 * by level before anything is killed: a frozen process cannot start children, and the children of a killed one
 * would be reparented out of reach. A recorded start time that no longer matches means the PID was reused by
 * another process, which is never touched.
 *
 * It is source text run with `node -e` so it works unchanged from the sources (tsx), the bundle and tests.
 * Protocol, one line each: `+ <pid> <startTime|?>` watch, `- <pid>` forget, `k <pid> <startTime>` kill now,
 * `bye` exit without killing.
 */
const REAPER_SOURCE = `
const fs = require('node:fs');
const watched = new Map();
let pending = '';
const stat = (pid) => {
  try {
    const text = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return undefined;
  }
};
const signal = (pid, name) => { try { process.kill(pid, name); } catch {} };
const pids = () => { try { return fs.readdirSync('/proc'); } catch { return []; } };
const killTree = (root) => {
  const tree = new Set([root]);
  signal(root, 'SIGSTOP');
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of pids()) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || tree.has(pid)) continue;
      const info = stat(pid);
      if (info && tree.has(info.ppid)) { tree.add(pid); signal(pid, 'SIGSTOP'); grew = true; }
    }
  }
  for (const pid of tree) signal(pid, 'SIGKILL');
};
const reap = (pid, recorded) => {
  const now = stat(pid);
  if (now && recorded !== '?' && now.start !== recorded) return;
  if (now) killTree(pid);
  signal(-pid, 'SIGKILL');
};
const reapAll = () => {
  for (const [pid, recorded] of watched) reap(pid, recorded);
  process.exit(0);
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let end;
  while ((end = pending.indexOf('\\n')) >= 0) {
    const [op, pid, start] = pending.slice(0, end).split(' ');
    pending = pending.slice(end + 1);
    if (op === '+') watched.set(Number(pid), start);
    else if (op === '-') watched.delete(Number(pid));
    else if (op === 'k') reap(Number(pid), start);
    else if (op === 'bye') watched.clear();
  }
});
process.stdin.on('end', reapAll);
process.stdin.on('error', reapAll);
`;

/** What a spawner needs of the reaper: a process to end with the server, then let go once it has ended. */
export interface ProcessOwner {
  /** From now on, the process group led by this process dies with the server. */
  watch(identity: ProcessIdentity): void;
  /** The process has been ended by the server itself. */
  forget(pid: number): void;
}

export interface Reaper extends ProcessOwner {
  /** Kills this process and its descendants now (a previous server's leftover), if it is still the one recorded. */
  kill(identity: ProcessIdentity & { startTime: string }): void;
  /**
   * Whether the server watches this process now (a run's CLI, the sign-in check, the commands question, …): the CLI
   * names the session of every process it runs in its registry, and one the server started is never a terminal's.
   */
  watching(pid: number): boolean;
  /** Ends the reaper without killing anything (graceful shutdown: the runs were already stopped). */
  close(): Promise<void>;
}

/** How long close() waits for the reaper to exit before it stops waiting (it exits on its own anyway). */
const CLOSE_WAIT_MS = 2000;

/** Starts the reaper lazily, on the first watch, so a server that never runs the CLI never spawns it. */
export function createReaper(logger: Logger): Reaper {
  const log = logger.child({ component: 'reaper' });
  let child: ChildProcess | undefined;
  const watched = new Set<number>();

  const ensure = (): ChildProcess => {
    if (child && child.exitCode === null && child.signalCode === null) return child;
    // Its own process group: a Ctrl-C meant for the server does not end it before the server is gone.
    const started = spawn(process.execPath, ['--input-type=commonjs', '-e', REAPER_SOURCE], { stdio: ['pipe', 'ignore', 'ignore'], detached: true, env: {} });
    started.on('error', (error) => log.warn({ err: error }, 'reaper could not start; runs will not die with the server'));
    started.on('exit', (code, signal) => log.debug({ code, signal }, 'reaper exited'));
    started.stdin?.on('error', (error) => log.warn({ err: error }, 'reaper pipe failed'));
    // Neither the process nor its pipe may keep the server's event loop alive.
    started.unref();
    if (started.stdin instanceof net.Socket) started.stdin.unref();
    // Not `pid`: that key is the server's own in every line (pino's base), and a second one replaced it in the JSON.
    log.debug({ reaperPid: started.pid }, 'reaper started');
    child = started;
    return started;
  };

  return {
    watch(identity) {
      watched.add(identity.pid);
      ensure().stdin?.write(`+ ${identity.pid} ${identity.startTime ?? '?'}\n`);
    },
    kill(identity) {
      ensure().stdin?.write(`k ${identity.pid} ${identity.startTime}\n`);
    },
    forget(pid) {
      watched.delete(pid);
      if (child?.stdin?.writable) child.stdin.write(`- ${pid}\n`);
    },
    watching: (pid) => watched.has(pid),
    async close() {
      watched.clear();
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.stdin?.end('bye\n');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}
