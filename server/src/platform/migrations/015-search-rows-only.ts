import type { Migration } from './index';

/**
 * The search index keeps only which rows hold each trigram (FTS5 `detail=none`), not where in them: a third of the
 * size of `detail=full` for the same text, and cheaper to build (issue 28.2; bench/search-size.ts). A search asks for
 * the rows holding every trigram of each word and keeps those whose text holds the word itself (search-store.ts).
 * Tool results are cut at 256 characters from now on (search-text.ts), so the search text is rebuilt from the
 * transcripts as in migration 012: the rows and the old FTS table go, and every session is dropped from session_index
 * so that the next sweep re-reads every transcript. The FTS table merges its segments only when the catch-up asks (010).
 */
export const m015SearchRowsOnly: Migration = {
  version: 15,
  name: 'search-rows-only',
  sql: `
    DROP TRIGGER session_text_fts_delete;
    DROP TABLE session_text_fts;
    DELETE FROM session_text;
    UPDATE search_state SET indexed_through = 0 WHERE id = 1;
    CREATE VIRTUAL TABLE session_text_fts USING fts5(body, content='session_text', content_rowid='id', tokenize='trigram remove_diacritics 1', detail=none);
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('automerge', 0);
    CREATE TRIGGER session_text_fts_delete AFTER DELETE ON session_text WHEN OLD.id <= (SELECT indexed_through FROM search_state WHERE id = 1) BEGIN
      INSERT INTO session_text_fts (session_text_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    END;
    DELETE FROM session_index;
  `,
};
