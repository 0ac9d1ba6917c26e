import type { Migration } from './index';

/**
 * Tokens and cost per session (issue 17.4). The index gains the usage columns; its rows are dropped so the next
 * sweep re-reads every transcript from the start and fills them (the session_index triggers copy the session_info
 * flags back on insert). `routed_sessions` is not rebuildable from transcripts: it remembers the sessions a run
 * of which went through the model-provider router, whose cost the CLI could only estimate.
 */
export const m008SessionUsage: Migration = {
  version: 8,
  name: 'session-usage',
  sql: `
    ALTER TABLE session_index ADD COLUMN input_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE session_index ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE session_index ADD COLUMN cache_creation_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE session_index ADD COLUMN cache_read_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE session_index ADD COLUMN cost_usd REAL;
    CREATE TABLE routed_sessions (session_id TEXT PRIMARY KEY) WITHOUT ROWID;
    DELETE FROM session_index;
  `,
};
