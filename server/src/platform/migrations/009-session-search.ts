import type { Migration } from './index';

/**
 * Full-text search over the transcripts (issue 17): `session_text` holds the searchable text of each message
 * (user and assistant text, tool results cut at 1 KB) and `session_text_fts` indexes it as trigrams, which gives
 * substring, code-identifier and CJK matching, case- and accent-insensitive. The FTS table reads its text from
 * session_text (external content). Rows reach the FTS index after the sweep that saved them, in slices
 * (`search_state.indexed_through`: every row up to that id is indexed), so building it never holds back the list;
 * deleting a row removes it from the FTS index only when it was there. Ids are never reused (AUTOINCREMENT): a new row
 * must never take an id at or below the mark. Both are rebuilt from the transcripts, so
 * every indexed row is dropped: the next sweep re-reads every transcript and fills them.
 */
export const m009SessionSearch: Migration = {
  version: 9,
  name: 'session-search',
  sql: `
    CREATE TABLE session_text (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT NOT NULL,
      uuid TEXT NOT NULL,
      role TEXT NOT NULL,
      ts TEXT NOT NULL DEFAULT '',
      body TEXT NOT NULL
    );
    CREATE INDEX session_text_session ON session_text (session_id);
    CREATE VIRTUAL TABLE session_text_fts USING fts5(body, content='session_text', content_rowid='id', tokenize='trigram remove_diacritics 1');
    CREATE TABLE search_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_through INTEGER NOT NULL);
    INSERT INTO search_state (id, indexed_through) VALUES (1, 0);
    CREATE TRIGGER session_text_fts_delete AFTER DELETE ON session_text WHEN OLD.id <= (SELECT indexed_through FROM search_state WHERE id = 1) BEGIN
      INSERT INTO session_text_fts (session_text_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    END;
    DELETE FROM session_index;
  `,
};
