import type { Migration } from './index';

export const m001SessionInfo: Migration = {
  version: 1,
  name: 'session-info',
  sql: `
    CREATE TABLE session_info (
      session_id TEXT PRIMARY KEY,
      custom_name TEXT NOT NULL DEFAULT '',
      pinned INTEGER NOT NULL DEFAULT 0,
      archived INTEGER NOT NULL DEFAULT 0,
      continuation_session_id TEXT NOT NULL DEFAULT '',
      initial_commit_head TEXT NOT NULL DEFAULT '',
      permission_mode TEXT NOT NULL DEFAULT 'default',
      notify INTEGER,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `,
};
