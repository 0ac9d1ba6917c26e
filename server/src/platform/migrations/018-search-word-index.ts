import type { Migration } from './index';

/**
 * The search index holds words (FTS5 `unicode61`, `detail=none`: which rows hold each word) instead of every trigram
 * of the text, and a second, small trigram index holds each distinct word once (`search_terms`, by its folded form):
 * a search finds the words holding each piece of what was typed there, then the rows holding those words, and keeps
 * the rows whose text holds what was typed (search-store.ts). At 10,000 sessions the word index is a quarter of the
 * trigram index's size and costs a fifth of its CPU to build (issue 28.2; docs/benchmarks.md). The saved rows stay:
 * only the FTS index is built again, by the catch-up, from the first row.
 */
export const m018SearchWordIndex: Migration = {
  version: 18,
  name: 'search-word-index',
  sql: `
    DROP TRIGGER session_text_fts_delete;
    DROP TABLE session_text_fts;
    UPDATE search_state SET indexed_through = 0 WHERE id = 1;
    CREATE VIRTUAL TABLE session_text_fts USING fts5(body, content='session_text', content_rowid='id', tokenize='unicode61 remove_diacritics 2', detail=none);
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('automerge', 0);
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('usermerge', 16);
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('crisismerge', 64);
    CREATE TRIGGER session_text_fts_delete AFTER DELETE ON session_text WHEN OLD.id <= (SELECT indexed_through FROM search_state WHERE id = 1) BEGIN
      INSERT INTO session_text_fts (session_text_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    END;
    CREATE TABLE search_terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);
    CREATE VIRTUAL TABLE search_terms_fts USING fts5(folded, content='search_terms', content_rowid='id', tokenize='trigram', detail=none);
  `,
};
