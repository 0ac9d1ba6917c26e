import type { Migration } from './index';

/**
 * Who decided each permission request (issue 29.7): the conversation, the inbox or a notification, kept with the
 * session so the conversation says it from history too. User data (backed up, restored): the transcripts do not
 * hold it.
 */
export const m011PermissionDecisions: Migration = {
  version: 11,
  name: 'permission-decisions',
  sql: `
    CREATE TABLE permission_decisions (
      permission_id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL,
      tool_use_id TEXT,
      tool_name TEXT NOT NULL,
      status TEXT NOT NULL,
      decided_via TEXT NOT NULL,
      decided_at TEXT NOT NULL
    );
    CREATE INDEX permission_decisions_session ON permission_decisions (session_id, decided_at);
  `,
};
