import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/**
 * SQLite's integrity check of the whole database (quick_check) off the start-up path (issue 28 point 1): at 10,000
 * sessions it read 1 GB for about 21 s before the server listened. It runs in a worker thread on a read-only
 * connection of its own (WAL: it reads a snapshot while the server writes), so the main thread answers meanwhile; a
 * time-boxed slice cannot hold it, since one table's check (the search index) is a single statement of seconds.
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

/** The worker's whole code: CommonJS (an eval'd worker), the driver's path handed in (the server may be bundled). */
const CHECK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const message = (error) => (error && error.message ? error.message : String(error));
// Only these say the file is damaged; any other error (busy, out of memory) is the check failing, not a finding.
const damaged = (error) => error && (error.code === 'SQLITE_CORRUPT' || error.code === 'SQLITE_NOTADB');
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  // better-sqlite3's default page cache is 16 MB; the check reads each page about once (2 MB: +4.5 MB of RSS instead
  // of +17 MB on the 770 MB index of 10,000 sessions, 43.7 s against 52.1 s, load ~18).
  db.pragma('cache_size = -2000');
} catch (error) {
  parentPort.postMessage(damaged(error) ? { ok: false, reason: 'SQLite cannot read it: ' + message(error) } : { failed: message(error) });
}
// The driver is loaded (or could not be): from here the server may end this worker (see \`loaded\` below).
parentPort.postMessage({ loaded: true });
try {
  if (db) {
    const rows = db.pragma('quick_check(3)', { simple: false }).map((row) => String(Object.values(row)[0]));
    parentPort.postMessage(rows.length === 1 && rows[0] === 'ok' ? { ok: true } : { ok: false, reason: "SQLite's check failed: " + rows.join('; ') });
  }
} catch (error) {
  // A page too damaged to walk stops the check with an error rather than a line of its report.
  parentPort.postMessage(damaged(error) ? { ok: false, reason: "SQLite's check failed: " + message(error) } : { failed: message(error) });
} finally {
  if (db) db.close();
}
`;

/** `failed`: the check itself could not run (the worker died): no finding about the file, so no marker either. */
type CheckResult = { ok: true } | { ok: false; reason: string } | { failed: string };

export interface BackgroundCheck {
  /** The reason when damage was found, undefined when the database is sound or the check was stopped. */
  readonly done: Promise<string | undefined>;
  /** Stops the check (the server closes): ends the worker. */
  stop(): Promise<void>;
}

/** Starts the whole-file check; on damage it logs, tells `notify`, and leaves the marker for the next start. */
export function startBackgroundCheck(deps: { file: string; logger: Logger; notify?: (message: string) => void }): BackgroundCheck {
  const { file, logger } = deps;
  const started = performance.now();
  const worker = new Worker(CHECK_SOURCE, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
  let stopped = false;
  // Settles once the worker has loaded SQLite's native driver (or ended): ending a worker while Node registers a
  // native addon in it aborts the whole process (node-addon-api's fatal 'Error::New napi_get_last_error_info', met
  // once in a clean-clone run when a test closed its server just after start-up), so stop() waits for this first.
  const loaded = new Promise<void>((resolve) => {
    worker.once('message', () => resolve());
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  const result = new Promise<CheckResult | undefined>((resolve) => {
    worker.on('message', (message: CheckResult | { loaded: true }) => {
      if (!('loaded' in message)) resolve(message);
    });
    worker.once('error', (error) => resolve({ failed: error.message }));
    worker.once('exit', () => resolve(undefined));
  });
  const done = result.then((outcome) => {
    void worker.terminate();
    if (stopped || !outcome) return undefined;
    const ms = Math.round(performance.now() - started);
    if ('failed' in outcome) {
      logger.warn({ component: 'db', file, err: outcome.failed }, 'the database check after start-up could not run; the next start tries again');
      return undefined;
    }
    if (outcome.ok) {
      logger.info({ component: 'db', file, ms }, `database check passed in ${ms} ms`);
      return undefined;
    }
    reportDamage(deps, outcome.reason);
    return outcome.reason;
  });
  return {
    done,
    async stop() {
      stopped = true;
      await loaded;
      await worker.terminate();
      await done;
    },
  };
}

function reportDamage(deps: { file: string; logger: Logger; notify?: (message: string) => void }, reason: string): void {
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

export function createDatabaseCheck(deps: { file: string; logger: Logger; notify?: (message: string) => void }): DatabaseCheck {
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
