import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverInterruptedRuns } from '../src/features/runs/index';
import { openDatabase } from '../src/platform/db';
import { processStartTime } from '../src/platform/process-identity';
import { createReaper } from '../src/platform/reaper';
import { makeTestDirs, waitFor } from './helpers';
import { childrenOf } from './server-process';

/* How a restarted server treats the runs its predecessor left recorded as live (issue 10, point 2). */

const logger = pino({ level: 'silent' });
const spawned: ChildProcess[] = [];
afterEach(() => {
  for (const child of spawned.splice(0)) if (child.pid !== undefined) signalQuietly(-child.pid);
});

function signalQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** A process in its own session, like a CLI; with `setsidChild`, it also has a child in yet another session, like a Bash tool. */
function startProcess(options: { setsidChild?: boolean } = {}): ChildProcess & { pid: number } {
  const script = options.setsidChild ? 'setsid tail -f /dev/null & wait' : 'exec tail -f /dev/null';
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  spawned.push(child);
  if (child.pid === undefined) throw new Error('spawn failed');
  return child as ChildProcess & { pid: number };
}

describe('recovering interrupted runs at start-up', () => {
  it('ends a leftover and its descendants by identity, never a reused PID, and reports every interrupted session', async () => {
    const dirs = makeTestDirs('cui-guard-');
    const db = openDatabase(path.join(dirs.cuiHome, 'cui.db'), logger);
    const reaper = createReaper(logger);
    const reused = startProcess();
    const reusedStart = processStartTime(reused.pid);
    const leftover = startProcess({ setsidChild: true });
    const tool = await waitFor(() => childrenOf(leftover.pid).find((entry) => entry.cmdline.startsWith('tail')), { message: "the leftover's tool" });
    const insert = db.prepare('INSERT INTO live_runs (streaming_id, session_id, pid, pid_start_time, server_pid, server_start_time, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const deadServer = [process.pid, 'not-our-start-time'] as const;
    // The reused PID is handled first: by the time the leftover is gone, the reaper has already dealt with it.
    insert.run('s-reused', 'session-reused', reused.pid, 'another-start-time', ...deadServer, '2026-01-01T00:00:01Z');
    insert.run('s-leftover', 'session-leftover', leftover.pid, processStartTime(leftover.pid) ?? null, ...deadServer, '2026-01-01T00:00:02Z');
    insert.run('s-live-server', 'session-of-a-live-server', reused.pid, processStartTime(reused.pid) ?? null, process.pid, processStartTime(process.pid) ?? null, '2026-01-01T00:00:03Z');

    const interrupted = recoverInterruptedRuns(db, logger, reaper);

    expect(interrupted.map((run) => [run.sessionId, run.killedLeftover])).toEqual([
      ['session-reused', false],
      ['session-leftover', true],
    ]);
    await waitFor(() => processStartTime(leftover.pid) === undefined && processStartTime(tool.pid) === undefined, { message: 'the leftover and its tool to end' });
    expect(processStartTime(reused.pid)).toBe(reusedStart);
    expect(reusedStart).toBeDefined();
    expect(db.prepare('SELECT session_id FROM live_runs WHERE interrupted_at IS NOT NULL ORDER BY started_at').pluck().all()).toEqual(['session-reused', 'session-leftover']);
    // A second start-up reports nothing new.
    expect(recoverInterruptedRuns(db, logger, reaper)).toEqual([]);
    await reaper.close();
    db.close();
  });
});
