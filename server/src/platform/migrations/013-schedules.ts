import type { Migration } from './index';

/**
 * Scheduled runs (issue 27): the schedules, their firings (history) and the global pause. User data: backed up and
 * restored with the rest (platform/user-data.ts). No foreign keys: a restore writes tables in any order.
 */
export const m013Schedules: Migration = {
  version: 13,
  name: 'schedules',
  sql: `
    CREATE TABLE schedules (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      prompt TEXT NOT NULL,
      working_directory TEXT NOT NULL,
      permission_mode TEXT NOT NULL DEFAULT 'default',
      model TEXT,
      worktree INTEGER NOT NULL DEFAULT 0,
      when_json TEXT NOT NULL,
      timezone TEXT NOT NULL,
      missed_run_policy TEXT NOT NULL DEFAULT 'skip',
      max_runs INTEGER,
      paused INTEGER NOT NULL DEFAULT 0,
      paused_reason TEXT,
      consecutive_failures INTEGER NOT NULL DEFAULT 0,
      run_count INTEGER NOT NULL DEFAULT 0,
      last_fired_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE schedule_firings (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      schedule_id TEXT NOT NULL,
      fired_at TEXT NOT NULL,
      trigger TEXT NOT NULL,
      outcome TEXT NOT NULL,
      reason TEXT,
      session_id TEXT,
      streaming_id TEXT,
      ended_at TEXT
    );
    CREATE INDEX schedule_firings_by_schedule ON schedule_firings (schedule_id, id);
    CREATE INDEX schedule_firings_by_session ON schedule_firings (session_id) WHERE session_id IS NOT NULL;
    CREATE TABLE schedule_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
};
