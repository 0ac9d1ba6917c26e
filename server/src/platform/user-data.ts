import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Logger } from 'pino';

/**
 * Tables that are not user data: the transcript index (rebuilt from the transcripts), runtime records and
 * SQLite/migration bookkeeping. Every other table (session info: names, pins, archive, notify; trusted folders…)
 * is user data: backed up, salvaged and restored. The index includes its summary links (migration 004).
 */
export const REBUILDABLE_TABLES = new Set(['session_index', 'transcript_summary', 'transcript_uuids', 'summary_leaf', 'live_runs', 'schema_migrations',
  'session_text', 'session_text_fts', 'session_text_fts_data', 'session_text_fts_idx', 'session_text_fts_docsize', 'session_text_fts_config', 'search_state',
  'search_terms', 'search_terms_fts', 'search_terms_fts_data', 'search_terms_fts_idx', 'search_terms_fts_docsize', 'search_terms_fts_config']);

/** Rows of every user-data table, by table name. */
export type UserData = Record<string, Record<string, unknown>[]>;

/** The backup file's shape. */
interface UserDataBackup {
  savedAt: string;
  tables: UserData;
}

function userTables(db: Database.Database): string[] {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return names.filter((name) => !REBUILDABLE_TABLES.has(name));
}

/**
 * Reads every user-data table. `salvage` tolerates damage: a table that cannot be read, or stops part-way, gives
 * the rows read before the damage. Otherwise a read error throws (a backup must never replace a good one with less).
 */
export function readUserData(db: Database.Database, options: { salvage?: boolean } = {}): UserData {
  const data: UserData = {};
  for (const table of userTables(db)) {
    const rows: Record<string, unknown>[] = [];
    try {
      for (const row of db.prepare(`SELECT * FROM "${table}"`).iterate()) rows.push(row as Record<string, unknown>);
    } catch (error) {
      // Salvage: keep what was read before the damaged pages.
      if (!options.salvage) throw error;
    }
    data[table] = rows;
  }
  return data;
}

/**
 * Writes rows back (replacing rows with the same key), in columns both the data and today's schema have. A row
 * that cannot be written (salvaged garbage breaking a constraint) is skipped and counted, never fatal.
 */
export function restoreUserData(db: Database.Database, data: UserData): { restored: number; skipped: number } {
  const counts = { restored: 0, skipped: 0 };
  const existing = new Set(userTables(db));
  db.transaction(() => {
    for (const [table, rows] of Object.entries(data)) {
      if (!existing.has(table) || !Array.isArray(rows)) continue;
      const columns = new Set((db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name));
      for (const row of rows) {
        const names = Object.keys(row).filter((name) => columns.has(name));
        try {
          const sql = `INSERT OR REPLACE INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
          db.prepare(sql).run(...names.map((name) => row[name]));
          counts.restored += 1;
        } catch {
          // SQLite undid this one statement only; the rest of the restore goes on.
          counts.skipped += 1;
        }
      }
    }
  })();
  return counts;
}

/** The last backup, or undefined when there is none or it cannot be read. */
export function readUserDataBackup(file: string): UserDataBackup | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<UserDataBackup>;
    if (typeof parsed.savedAt !== 'string' || typeof parsed.tables !== 'object' || parsed.tables === null) return undefined;
    return { savedAt: parsed.savedAt, tables: parsed.tables };
  } catch {
    return undefined;
  }
}

export interface UserDataBackupWriter {
  /** Writes the backup now if user data changed since the last one. */
  save(): void;
  /** Saves a last time and stops the timer. */
  close(): void;
}

/** How often user data is copied to the backup file (when it changed). */
export const BACKUP_INTERVAL_MS = 5 * 60 * 1000;

/** Keeps `file` (0600, written atomically) a recent copy of the user data in `db`. */
export function createUserDataBackup(deps: { db: Database.Database; file: string; logger: Logger; intervalMs?: number }): UserDataBackupWriter {
  let last = '';
  const save = (): void => {
    try {
      const tables = JSON.stringify(readUserData(deps.db));
      if (tables === last) return;
      const temp = `${deps.file}.tmp`;
      fs.writeFileSync(temp, `{"savedAt":${JSON.stringify(new Date().toISOString())},"tables":${tables}}\n`, { mode: 0o600 });
      fs.renameSync(temp, deps.file);
      last = tables;
    } catch (error) {
      // A failed backup must not take the server down; the next interval tries again.
      deps.logger.warn({ component: 'db', err: error, file: deps.file }, 'could not write the user-data backup');
    }
  };
  save();
  const timer = setInterval(save, deps.intervalMs ?? BACKUP_INTERVAL_MS);
  timer.unref();
  return {
    save,
    close() {
      clearInterval(timer);
      save();
    },
  };
}
