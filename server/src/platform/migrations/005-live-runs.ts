import type { Migration } from './index';

/**
 * Runtime records, not user data: one row per CLI run while it is live, with the process identity of the CLI
 * (PID + start time) and of the server that owns it. A row left behind means its server died without ending the
 * run; the next server ends what is left of it and keeps the row, marked interrupted, as the report of that.
 */
export const m005LiveRuns: Migration = {
  version: 5,
  name: 'live-runs',
  sql: `
    CREATE TABLE live_runs (
      streaming_id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL,
      pid INTEGER NOT NULL,
      pid_start_time TEXT,
      server_pid INTEGER NOT NULL,
      server_start_time TEXT,
      started_at TEXT NOT NULL,
      interrupted_at TEXT
    );
  `,
};
