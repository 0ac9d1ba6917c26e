import type { Migration } from './index';

/** Branches made from a message (issue 24.4): where each came from, for its list row. */
export const m014Branches: Migration = {
  version: 14,
  name: 'branches',
  sql: `
    CREATE TABLE branches (
      session_id TEXT PRIMARY KEY,
      source_session_id TEXT NOT NULL,
      source_message_id TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
  `,
};
