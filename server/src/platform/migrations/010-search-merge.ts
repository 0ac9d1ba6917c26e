import type { Migration } from './index';

/**
 * The FTS index stops merging its segments by itself at commit (FTS5 `automerge` 0, kept in its config table): with
 * the search catch-up's many small transactions that merge work landed on whichever commit crossed a threshold, up to
 * 200 ms of main thread at once after a first index. The catch-up merges instead, a few pages at a time in its
 * time-boxed slices (search-store.ts). FTS5's crisis merge (16 segments on one level) stays as the safety net.
 */
export const m010SearchMerge: Migration = {
  version: 10,
  name: 'search-merge',
  sql: `
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('automerge', 0);
  `,
};
