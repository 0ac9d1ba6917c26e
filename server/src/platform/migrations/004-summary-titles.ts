import type { Migration } from './index';

/**
 * Titles by the CLI's own rules (issue 11): a `summary` line titles the session that contains its `leafUuid`,
 * whichever transcript file the line sits in.
 * - transcript_summary: the summary lines of each file (the last one per leaf);
 * - transcript_uuids: per file, the uuids of its lines in file order, 8 bytes each (the first and last 8 hex
 *   digits of the uuid as two little-endian uint32), appended as the file grows; enough to find which sessions
 *   contain a leaf without reading any transcript again;
 * - summary_leaf: where each leaf was found (session and ordinal of the line), NULL while no indexed file has it;
 * - session_index gets the title parts, so that the title can be recomputed when a link changes:
 *   custom-title > linked summary > ai-title > first prompt.
 */
export const m004SummaryTitles: Migration = {
  version: 4,
  name: 'summary-titles',
  sql: `
    CREATE TABLE transcript_summary (
      leaf_uuid TEXT NOT NULL,
      file_path TEXT NOT NULL,
      summary TEXT NOT NULL,
      PRIMARY KEY (leaf_uuid, file_path)
    );
    CREATE INDEX transcript_summary_file ON transcript_summary (file_path);
    CREATE TABLE transcript_uuids (
      file_path TEXT PRIMARY KEY,
      prefixes BLOB NOT NULL
    );
    CREATE TABLE summary_leaf (
      leaf_uuid TEXT PRIMARY KEY,
      session_id TEXT,
      position INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX summary_leaf_session ON summary_leaf (session_id);
    ALTER TABLE session_index ADD COLUMN custom_title TEXT NOT NULL DEFAULT '';
    ALTER TABLE session_index ADD COLUMN ai_title TEXT NOT NULL DEFAULT '';
    ALTER TABLE session_index ADD COLUMN linked_summary TEXT NOT NULL DEFAULT '';
    -- Sessions indexed by an older version re-index once, to learn their uuids and summary lines.
    DELETE FROM session_index;
  `,
};
