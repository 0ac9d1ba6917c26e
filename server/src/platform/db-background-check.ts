import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import { identify } from './process-identity';
import type { ProcessOwner } from './reaper';

/**
 * SQLite's integrity check of the whole database (quick_check) off the start-up path (issue 28 point 1): at 10,000
 * sessions it read 1 GB for about 21 s before the server listened. It runs in a process of its own on a read-only
 * connection (WAL: it reads a snapshot while the server writes), so the server answers meanwhile; a time-boxed slice
 * cannot hold it, since one table's check (the search index) is a single statement of seconds.
 * What it finds is written next to the database (`damageMarker`): the next start moves the file aside and restores
 * the user data, as when the damage is found before listening (db-recovery.ts).
 */

/** The file that says the database was found damaged while the server ran, with why (read at the next start). */
export function damageMarker(file: string): string {
  return `${file}.damage-found`;
}

/** The reason a previous run found, when it found damage and the database is still the one it checked. */
export function readDamageMarker(file: string): string | undefined {
  try {
    const marker = JSON.parse(fs.readFileSync(damageMarker(file), 'utf8')) as { reason?: unknown };
    return typeof marker.reason === 'string' ? marker.reason : 'an earlier check found damage';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return 'an earlier check found damage';
  }
}

/**
 * Leaves the marker that makes the next start repair the database: the start-up check reads only the user data, so
 * damage met while running (the check after start-up, or a request's SQLITE_CORRUPT) is remembered here. Best effort:
 * false when it cannot be written (a full disk is reported as such elsewhere).
 */
export function leaveDamageMarker(file: string, reason: string): boolean {
  try {
    fs.writeFileSync(damageMarker(file), `${JSON.stringify({ reason, foundAt: new Date().toISOString() })}\n`, { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

export function clearDamageMarker(file: string): void {
  fs.rmSync(damageMarker(file), { force: true });
}

/**
 * The check's whole code: CommonJS run with `node -e` (the server may be bundled), the file and the driver's path as
 * its arguments, its findings sent over the IPC channel. A process, not a worker thread: SQLite's check is one native
 * call of up to ~20 s at 10,000 sessions, which a worker cannot be ended in (terminate() waits for it, and so does
 * process.exit(), which joins worker threads), so a Ctrl-C soon after start-up hung the server's shutdown for as long.
 * A process ends at SIGKILL whatever it is in.
 */
const CHECK_SOURCE = `
const [file, driver] = process.argv.slice(1);
const message = (error) => (error && error.message ? error.message : String(error));
// Only these say the file is damaged; any other error (busy, out of memory) is the check failing, not a finding.
const damaged = (error) => error && (error.code === 'SQLITE_CORRUPT' || error.code === 'SQLITE_NOTADB');
const report = (result) => process.send(result, () => process.connected && process.disconnect());
let db;
try {
  const Database = require(driver);
  db = new Database(file, { readonly: true, fileMustExist: true });
  // better-sqlite3's default page cache is 16 MB; the check reads each page about once (2 MB: +4.5 MB of RSS instead
  // of +17 MB on the 770 MB index of 10,000 sessions, 43.7 s against 52.1 s, load ~18).
  db.pragma('cache_size = -2000');
  const rows = db.pragma('quick_check(3)', { simple: false }).map((row) => String(Object.values(row)[0]));
  report(rows.length === 1 && rows[0] === 'ok' ? { ok: true } : { ok: false, reason: "SQLite's check failed: " + rows.join('; ') });
} catch (error) {
  // A header SQLite cannot read fails the open; a page too damaged to walk stops the check with an error rather than
  // a line of its report.
  report(damaged(error) ? { ok: false, reason: (db ? "SQLite's check failed: " : 'SQLite cannot read it: ') + message(error) } : { failed: message(error) });
} finally {
  if (db) db.close();
}
`;

/** `failed`: the check itself could not run (its process died): no finding about the file, so no marker either. */
type CheckResult = { ok: true } | { ok: false; reason: string } | { failed: string };

export interface BackgroundCheck {
  /** The reason when damage was found, undefined when the database is sound or the check was stopped. */
  readonly done: Promise<string | undefined>;
  /** Stops the check (the server closes): kills its process. */
  stop(): Promise<void>;
}

interface CheckDeps {
  file: string;
  logger: Logger;
  notify?: (message: string) => void;
  /** Ends the check's process if the server dies while it runs. */
  owner?: ProcessOwner;
}

/** Starts the whole-file check; on damage it logs, tells `notify`, and leaves the marker for the next start. */
export function startBackgroundCheck(deps: CheckDeps): BackgroundCheck {
  const { file, logger, owner } = deps;
  const started = performance.now();
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // Nothing of the server's environment: the check needs none of it.
  const child = spawn(process.execPath, ['--input-type=commonjs', '-e', CHECK_SOURCE, file, driver], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: {} });
  const pid = child.pid;
  if (pid !== undefined) owner?.watch(identify(pid));
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk.slice(0, STDERR_KEPT - stderr.length);
  });
  let stopped = false;
  let outcome: CheckResult | undefined;
  child.on('message', (message: CheckResult) => (outcome ??= message));
  const exited = new Promise<CheckResult>((resolve) => {
    child.once('error', (error) => resolve({ failed: error.message }));
    child.once('exit', (code, signal) => {
      if (pid !== undefined) owner?.forget(pid);
      resolve(outcome ?? { failed: `its process ended (${signal ?? `exit ${code}`}) without a finding${stderr ? `: ${stderr.trim()}` : ''}` });
    });
  });
  const done = exited.then((result) => {
    if (stopped) return undefined;
    const ms = Math.round(performance.now() - started);
    if ('failed' in result) {
      logger.warn({ component: 'db', file, err: result.failed }, 'the database check after start-up could not run; the next start tries again');
      return undefined;
    }
    if (result.ok) {
      logger.info({ component: 'db', file, ms }, `database check passed in ${ms} ms`);
      return undefined;
    }
    reportDamage(deps, result.reason);
    return result.reason;
  });
  return {
    done,
    async stop() {
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await done;
    },
  };
}

/** How much of the check process's stderr a failure quotes. */
const STDERR_KEPT = 2000;

function reportDamage(deps: CheckDeps, reason: string): void {
  const { file } = deps;
  leaveDamageMarker(file, reason);
  const message =
    `The database ${file} is damaged (${reason}). It was found by the check that runs after start-up; restart cui to ` +
    'repair it: the next start moves it aside, restores the user data (names, pins, archive, notify, trusted folders) ' +
    'and rebuilds the transcript index from the Claude Code transcripts.';
  deps.logger.error({ component: 'db', file, reason, marker: damageMarker(file) }, message);
  deps.notify?.(message);
}

/** The background check as the server runs it: once, when `startAfter`'s promise settles, unless stopped before. */
export interface DatabaseCheck {
  startAfter(ready: Promise<unknown>): void;
  stop(): Promise<void>;
}

export function createDatabaseCheck(deps: CheckDeps): DatabaseCheck {
  let running: BackgroundCheck | undefined;
  let state: 'idle' | 'waiting' | 'stopped' = 'idle';
  return {
    startAfter(ready) {
      if (state !== 'idle') return;
      state = 'waiting';
      const start = () => {
        if (state === 'waiting') running = startBackgroundCheck(deps);
      };
      void ready.then(start, start);
    },
    async stop() {
      state = 'stopped';
      await running?.stop();
    },
  };
}
