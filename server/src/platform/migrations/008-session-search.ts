import type { Migration } from './index';

/**
 * Full-text search over the transcripts (issue 17): `session_text` holds the searchable text of each message
 * (user and assistant text, tool results cut at 8 KB) and `session_text_fts` indexes it as trigrams, which gives
 * substring, code-identifier and CJK matching, case- and accent-insensitive. The FTS table reads its text from
 * session_text (external content); triggers keep the two in step. Both are rebuilt from the transcripts, so every
 * indexed row is dropped: the next sweep re-reads every transcript and fills them.
 */
export const m008SessionSearch: Migration = {
  version: 8,
  name: 'session-search',
  sql: `
    CREATE TABLE session_text (
      id INTEGER PRIMARY KEY,
      session_id TEXT NOT NULL,
      uuid TEXT NOT NULL,
      role TEXT NOT NULL,
      ts TEXT NOT NULL DEFAULT '',
      body TEXT NOT NULL
    );
    CREATE INDEX session_text_session ON session_text (session_id);
    CREATE VIRTUAL TABLE session_text_fts USING fts5(body, content='session_text', content_rowid='id', tokenize='trigram remove_diacritics 1');
    CREATE TRIGGER session_text_fts_insert AFTER INSERT ON session_text BEGIN
      INSERT INTO session_text_fts (rowid, body) VALUES (NEW.id, NEW.body);
    END;
    CREATE TRIGGER session_text_fts_delete AFTER DELETE ON session_text BEGIN
      INSERT INTO session_text_fts (session_text_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    END;
    DELETE FROM session_index;
  `,
};
