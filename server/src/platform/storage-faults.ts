import fs from 'node:fs';
import path from 'node:path';
import { AppError } from './app-error';

/**
 * Storage that cannot take a write (issue 29.13): a full disk or a read-only folder. Neither is damage: the database
 * stays where it is, the start says what is wrong in one line, and a write while running answers a storage code.
 */
export type StorageFault = 'full' | 'read_only';

/** Less free space than this is a full disk: SQLite needs room for its WAL and shared-memory files. */
const MIN_FREE_BYTES = 1024 * 1024;

/** What an error's code says about the storage (errno or better-sqlite3's SqliteError code), if anything. */
export function storageFaultOf(error: unknown): StorageFault | undefined {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'full';
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) return 'read_only';
  return undefined;
}

/** SQLite's I/O errors say nothing of their cause (a full disk gives SQLITE_IOERR_SHMSIZE): the folder is probed. */
export function isIoError(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_IOERR');
}

/** Probes a folder: can a file be written there, and is there room for the database to grow. */
export function probeStorage(dir: string): StorageFault | undefined {
  const probe = path.join(dir, `.cui-write-probe-${process.pid}`);
  try {
    fs.writeFileSync(probe, Buffer.alloc(4096));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return 'read_only';
    const fault = storageFaultOf(error);
    if (fault) return fault;
    // Anything else (the folder does not exist yet, …) is for the caller's own steps to report.
    return undefined;
  } finally {
    fs.rmSync(probe, { force: true });
  }
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize < MIN_FREE_BYTES ? 'full' : undefined;
}

/** The fault behind an error, probing the folder for SQLite's I/O errors; undefined when it is no storage fault. */
export function storageFaultBehind(error: unknown, dir: string): StorageFault | undefined {
  const fault = storageFaultOf(error);
  if (fault) return fault;
  if (!isIoError(error)) return undefined;
  try {
    return probeStorage(dir);
  } catch {
    return undefined;
  }
}

/** The one line a start that cannot write ends with: what is wrong and what to do. The database is left as it is. */
export function startupStorageError(fault: StorageFault, dir: string): AppError {
  if (fault === 'full') {
    return new AppError('storage.full', `the disk holding ${dir} is full (less than 1 MB free): free some space (df -h ${dir}) and start cui again; cui.db was left as it is`);
  }
  return new AppError('storage.read_only', `${dir} is read-only: make it writable, or set CUI_HOME to a writable folder, and start cui again; cui.db was left as it is`);
}

/** The answer to a request whose write could not be stored; everything works again once the cause is gone. */
export function requestStorageError(fault: StorageFault, dir: string): AppError {
  if (fault === 'full') return new AppError('storage.full', `The disk holding ${dir} is full: this change was not saved. Free some space and try again.`);
  return new AppError('storage.read_only', `${dir} is read-only: this change was not saved. Make it writable and try again.`);
}
