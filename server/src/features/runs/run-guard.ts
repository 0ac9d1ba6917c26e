import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { identify, isSameProcess, processStartTime, type ProcessIdentity } from '../../platform/process-identity';
import type { Reaper } from '../../platform/reaper';

/** Keeps every live CLI tied to this server: recorded for the next server, and watched by the reaper. */
export interface RunGuard {
  /** The run's CLI started (it leads its own process group). */
  track(run: { streamingId: string; sessionId: string }, pid: number): void;
  /** The run is over and its process group has been ended by the server. */
  release(streamingId: string, pid: number | undefined): void;
  /** Kills a tracked CLI and all its descendants now (a stop that had to escalate to SIGKILL). */
  killTree(pid: number): void;
}

/** A run whose server died while it was live, as found by the next server. */
export interface InterruptedRun {
  streamingId: string;
  sessionId: string;
  pid: number;
  /** Whether a left-over process of it was still running (and has now been killed). */
  killedLeftover: boolean;
}

interface LiveRunRow {
  streaming_id: string;
  session_id: string;
  pid: number;
  pid_start_time: string | null;
  server_pid: number;
  server_start_time: string | null;
}

/** Interrupted rows are kept this long as the record of what a crash interrupted. */
const INTERRUPTED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export function createRunGuard(deps: { db: Database.Database; reaper: Reaper; logger: Logger }): RunGuard {
  const self = identify(process.pid);
  const log = deps.logger.child({ component: 'runs' });
  const insert = deps.db.prepare(
    'INSERT OR REPLACE INTO live_runs (streaming_id, session_id, pid, pid_start_time, server_pid, server_start_time, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const remove = deps.db.prepare('DELETE FROM live_runs WHERE streaming_id = ?');
  const tracked = new Map<number, string | undefined>();
  // A failed record (a database damaged while running) must not fail the run: the reaper still ties it to the
  // server; only the next start's report of it would be missing.
  const record = (what: string, write: () => void): void => {
    try {
      write();
    } catch (error) {
      log.warn({ err: error }, `could not ${what} the live-run record`);
    }
  };
  return {
    track(run, pid) {
      const identity: ProcessIdentity = { pid, startTime: processStartTime(pid) };
      deps.reaper.watch(identity);
      tracked.set(pid, identity.startTime);
      record('write', () => insert.run(run.streamingId, run.sessionId, pid, identity.startTime ?? null, self.pid, self.startTime ?? null, new Date().toISOString()));
    },
    release(streamingId, pid) {
      if (pid !== undefined) {
        deps.reaper.forget(pid);
        tracked.delete(pid);
      }
      record('remove', () => remove.run(streamingId));
    },
    killTree(pid) {
      const startTime = tracked.get(pid);
      // Unconfirmable without a start time: the caller's fallback signals the group instead.
      if (startTime !== undefined) deps.reaper.kill({ pid, startTime });
    },
  };
}

/**
 * Has the reaper end what is left of a run: the CLI and its descendants if the CLI is still the recorded process,
 * else only its process group (a PID in use as a group id is never handed out again, so that cannot reach an
 * unrelated process). Returns whether the CLI itself was still running.
 */
function endLeftover(row: LiveRunRow, reaper: Reaper): boolean {
  // Without a recorded start time the process can never be confirmed: it is never signalled.
  if (row.pid_start_time === null) return false;
  const identity = { pid: row.pid, startTime: row.pid_start_time };
  const alive = isSameProcess(identity);
  reaper.kill(identity);
  return alive;
}

/**
 * At start-up: every run a previous server left recorded as live was interrupted by that server's end. Ends
 * what is left of each (checked by process identity, so a reused PID is never signalled), marks it interrupted
 * and reports it. Runs of another server that is still alive on the same CUI_HOME are left alone.
 */
export function recoverInterruptedRuns(db: Database.Database, logger: Logger, reaper: Reaper): InterruptedRun[] {
  const log = logger.child({ component: 'runs' });
  const now = new Date();
  db.prepare('DELETE FROM live_runs WHERE interrupted_at IS NOT NULL AND interrupted_at < ?').run(new Date(now.getTime() - INTERRUPTED_KEPT_MS).toISOString());
  const rows = db.prepare<[], LiveRunRow>('SELECT * FROM live_runs WHERE interrupted_at IS NULL ORDER BY started_at').all();
  const markInterrupted = db.prepare('UPDATE live_runs SET interrupted_at = ? WHERE streaming_id = ?');
  const interrupted: InterruptedRun[] = [];
  for (const row of rows) {
    const owner = { pid: row.server_pid, startTime: row.server_start_time ?? undefined };
    if (isSameProcess(owner)) continue;
    const killedLeftover = endLeftover(row, reaper);
    markInterrupted.run(now.toISOString(), row.streaming_id);
    interrupted.push({ streamingId: row.streaming_id, sessionId: row.session_id, pid: row.pid, killedLeftover });
    log.warn(
      { sessionId: row.session_id, streamingId: row.streaming_id, pid: row.pid, killedLeftover },
      `session ${row.session_id} was interrupted: the previous server stopped while its run was live` +
        (killedLeftover ? ` (its left-over Claude Code process ${row.pid} was ended)` : ''),
    );
  }
  return interrupted;
}
