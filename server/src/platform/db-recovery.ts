import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import path from 'node:path';
import { clearDamageMarker, readDamageMarker } from './db-background-check';
import { openDatabase, SIDE_FILE_SUFFIXES } from './db';
import { probeStorage, startupStorageError, storageFaultBehind } from './storage-faults';
import { readUserData, readUserDataBackup, REBUILDABLE_TABLES, restoreUserData, type UserData } from './user-data';

/**
 * Runs quick_check on every user-data table (the rebuildable ones, nearly the whole file at 10,000 sessions, are left
 * to the whole-file check after start-up: the session list's table and its indexes alone took 232 ms there, the search
 * text and its FTS index seconds); the first problem, if any.
 */
function checkUserTables(db: Database.Database): string | undefined {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").pluck().all() as string[];
  for (const table of tables) {
    if (REBUILDABLE_TABLES.has(table)) continue;
    const result = db.pragma(`quick_check("${table.replace(/"/g, '""')}")`, { simple: true });
    if (result !== 'ok') return `SQLite's check failed: ${String(result)}`;
  }
  return undefined;
}

/**
 * Why a database file cannot be used, or undefined when it is sound (or does not exist yet): the check before the
 * server listens, which reads the header, the schema and the user-data tables (the background check covers the whole
 * file after start-up, and a previous run's finding is read from its marker). A full disk or a read-only folder is no
 * damage (SQLite then fails to open the file too): that throws the storage error instead.
 */
export function diagnoseDatabase(file: string): string | undefined {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // SQLite would treat an empty file as a new database and silently start over.
  if (size === 0) return 'the file is empty';
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    return checkUserTables(db) ?? readDamageMarker(file);
  } catch (error) {
    const fault = storageFaultBehind(error, path.dirname(file));
    if (fault) throw startupStorageError(fault, path.dirname(file));
    return `SQLite cannot read it: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    db?.close();
  }
}

/** Best-effort read of the user data in a damaged file; empty when nothing can be read. */
function salvage(file: string): UserData {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return readUserData(db, { salvage: true });
  } catch {
    // Header damage: nothing is readable; the backup is the only source.
    return {};
  } finally {
    db?.close();
  }
}

/** Moves the damaged file and its side files aside (never deletes them); returns the new name. */
function moveAside(file: string): string {
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(file, aside);
  for (const suffix of SIDE_FILE_SUFFIXES) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/** Opens the database; a migration that cannot be written (the disk filled up meanwhile) is a storage error too. */
function openStorable(file: string, logger: Logger): Database.Database {
  try {
    return openDatabase(file, logger);
  } catch (error) {
    const fault = storageFaultBehind(error, path.dirname(file));
    if (fault) throw startupStorageError(fault, path.dirname(file));
    throw error;
  }
}

/**
 * Opens the database; a damaged one (empty, unreadable header, failed integrity check) is moved aside and replaced
 * by a new one, into which the user data is restored: first the backup, then whatever could be salvaged from the
 * damaged file (newer, so it wins). The transcript index is not restored: the startup sweep rebuilds it.
 */
export function openDatabaseWithRecovery(deps: {
  file: string;
  backupFile: string;
  logger: Logger;
  /** Also shows the damage report to the person starting the server (main prints it to the terminal). */
  notify?: (message: string) => void;
}): Database.Database {
  const { file, logger } = deps;
  const dir = path.dirname(file);
  // First: on a full disk or in a read-only folder every later step fails, and an intact database must not look damaged.
  const fault = fs.existsSync(dir) ? probeStorage(dir) : undefined;
  if (fault) throw startupStorageError(fault, dir);
  const problem = diagnoseDatabase(file);
  // A marker left beside a database that is gone is about nothing.
  if (!problem) clearDamageMarker(file);
  if (!problem) return openStorable(file, logger);
  const salvaged = salvage(file);
  const aside = moveAside(file);
  clearDamageMarker(file);
  const db = openDatabase(file, logger);
  const backup = readUserDataBackup(deps.backupFile);
  const fromBackup = backup ? restoreUserData(db, backup.tables) : { restored: 0, skipped: 0 };
  const fromDamaged = restoreUserData(db, salvaged);
  const skipped = fromBackup.skipped + fromDamaged.skipped;
  const sources = [
    ...(fromBackup.restored > 0 && backup ? [`${fromBackup.restored} rows from the backup ${deps.backupFile} (saved ${backup.savedAt})`] : []),
    ...(fromDamaged.restored > 0 ? [`${fromDamaged.restored} rows read from the damaged file`] : []),
    ...(skipped > 0 ? [`${skipped} unreadable rows skipped`] : []),
  ];
  const restored = sources.length > 0 ? `User data (names, pins, archive, notify, trusted folders) was restored: ${sources.join('; ')}.` : 'No user data (names, pins, archive, notify, trusted folders) could be recovered automatically.';
  const message =
    `The database ${file} is damaged (${problem}). It was moved to ${aside} and a new database was created; ` +
    `the transcript index is being rebuilt from the Claude Code transcripts. ${restored} ` +
    `If anything is missing, keep ${aside}: stop cui and recover rows from it with the sqlite3 tool (.recover), then restart.`;
  logger.error({ component: 'db', file, movedTo: aside, reason: problem, restoredFromBackup: fromBackup.restored, restoredFromDamaged: fromDamaged.restored, skipped }, message);
  deps.notify?.(message);
  return db;
}
