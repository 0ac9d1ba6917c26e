import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { migrations as allMigrations, type Migration } from './migrations/index';

/** SQLite's side files of a database file (WAL mode). */
export const SIDE_FILE_SUFFIXES = ['-wal', '-shm', '-journal'];

/**
 * The database holds first prompts and titles: only its owner may read it. SQLite gives new side files the
 * database file's mode, so creating the file 0600 before SQLite does covers them; existing ones are fixed too.
 */
export function restrictDatabaseFiles(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, ...SIDE_FILE_SUFFIXES.map((suffix) => file + suffix)]) {
    try {
      fs.chmodSync(name, 0o600);
    } catch (error) {
      // A side file that does not exist yet is created 0600 by SQLite later.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Creates the directory (0700), or makes an existing one 0700: mkdir's mode does not apply to an existing one. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Opens the console's SQLite database (WAL) and applies pending migrations.
 * `:memory:` is accepted for unit tests.
 */
export function openDatabase(file: string, logger: Logger, migrations: Migration[] = allMigrations): Database.Database {
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(file));
    restrictDatabaseFiles(file);
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // 4 MB of page cache rather than better-sqlite3's 16 MB: the OS caches the file anyway, and the server's resident
    // set at 10,000 sessions is held to about 200 MB (issue 28.5, docs/benchmarks.md).
    db.pragma('cache_size = -4000');
    applyMigrations(db, logger, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function applyMigrations(db: Database.Database, logger: Logger, migrations: Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  let done = 0;
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
    })();
    logger.debug({ component: 'db', version: migration.version, migration: migration.name }, 'migration applied');
    done += 1;
  }
  // One line for all of them: a new database applies every migration, which drowned the terminal at its first start.
  const last = migrations.at(-1);
  if (done > 0 && last) logger.info({ component: 'db', version: last.version }, `database schema updated to version ${last.version} (${done} migration${done === 1 ? '' : 's'} applied)`);
}
