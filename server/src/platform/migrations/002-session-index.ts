import type { Migration } from './index';

/**
 * The transcript index: one row per CLI transcript file (`<projects>/<dir>/<sessionId>.jsonl`) with the
 * file's indexing position (size, mtime, inode, byte offset of the first unconsumed line) and the session's
 * aggregates. `parse_state` holds what an appended chunk needs from earlier ones (JSON, small).
 *
 * The list filters on session info (archived, pinned, continuation); triggers copy those three flags from
 * session_info into session_index so that filtering, sorting and counting run on index-only scans
 * (partial indexes over listed rows, message_count > 0) instead of a join per row.
 */
export const m002SessionIndex: Migration = {
  version: 2,
  name: 'session-index',
  sql: `
    CREATE TABLE session_index (
      session_id TEXT PRIMARY KEY,
      file_path TEXT NOT NULL UNIQUE,
      file_size INTEGER NOT NULL DEFAULT 0,
      file_mtime_ms REAL NOT NULL DEFAULT 0,
      file_ino INTEGER NOT NULL DEFAULT 0,
      file_offset INTEGER NOT NULL DEFAULT 0,
      head_hash TEXT NOT NULL DEFAULT '',
      project_dir TEXT NOT NULL,
      project_path TEXT NOT NULL DEFAULT '',
      summary TEXT NOT NULL DEFAULT '',
      first_prompt TEXT NOT NULL DEFAULT '',
      cli_title TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL DEFAULT '',
      updated_at TEXT NOT NULL DEFAULT '',
      message_count INTEGER NOT NULL DEFAULT 0,
      edit_count INTEGER NOT NULL DEFAULT 0,
      write_count INTEGER NOT NULL DEFAULT 0,
      lines_added INTEGER NOT NULL DEFAULT 0,
      lines_removed INTEGER NOT NULL DEFAULT 0,
      model TEXT NOT NULL DEFAULT '',
      parse_state TEXT NOT NULL DEFAULT '{}',
      archived INTEGER NOT NULL DEFAULT 0,
      pinned INTEGER NOT NULL DEFAULT 0,
      has_continuation INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX session_index_updated ON session_index (updated_at, session_id) WHERE message_count > 0;
    CREATE INDEX session_index_created ON session_index (created_at, session_id) WHERE message_count > 0;
    CREATE INDEX session_index_tabs ON session_index (archived, has_continuation, updated_at, session_id) WHERE message_count > 0;
    CREATE INDEX session_index_tabs_created ON session_index (archived, has_continuation, created_at, session_id) WHERE message_count > 0;
    CREATE INDEX session_index_tabs_pinned ON session_index (archived, has_continuation, pinned, updated_at, session_id) WHERE message_count > 0;
    CREATE INDEX session_index_project ON session_index (project_path, updated_at, session_id) WHERE message_count > 0;

    CREATE TRIGGER session_index_flags_on_insert AFTER INSERT ON session_index BEGIN
      UPDATE session_index SET
        archived = COALESCE((SELECT archived FROM session_info WHERE session_id = NEW.session_id), 0),
        pinned = COALESCE((SELECT pinned FROM session_info WHERE session_id = NEW.session_id), 0),
        has_continuation = COALESCE((SELECT continuation_session_id <> '' FROM session_info WHERE session_id = NEW.session_id), 0)
      WHERE session_id = NEW.session_id;
    END;
    CREATE TRIGGER session_info_flags_on_insert AFTER INSERT ON session_info BEGIN
      UPDATE session_index SET archived = NEW.archived, pinned = NEW.pinned, has_continuation = NEW.continuation_session_id <> ''
      WHERE session_id = NEW.session_id;
    END;
    CREATE TRIGGER session_info_flags_on_update AFTER UPDATE OF archived, pinned, continuation_session_id ON session_info BEGIN
      UPDATE session_index SET archived = NEW.archived, pinned = NEW.pinned, has_continuation = NEW.continuation_session_id <> ''
      WHERE session_id = NEW.session_id;
    END;
  `,
};
