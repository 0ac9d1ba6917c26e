import type { Migration } from './index';

/**
 * The search index merges 16 segments of a level at once (FTS5 `usermerge`, default 4), and forces a merge at commit
 * only once a level holds 64 (`crisismerge`, default 16; the catch-up merges long before, search-store.ts). Every
 * merge rewrites its rows, and with 4 at a time a first index of 10,000 sessions rewrote each row about six times.
 * With this and inserts sized to the time box, a replay of the catch-up over that history's text took 7.7 s of CPU
 * instead of 21.6 and the server's whole first index 28 % less, the index 72-73 MB either way, searches as fast
 * (issue 28.2; docs/benchmarks.md). Settings only: the segments already there stay as they are.
 */
export const m017SearchWideMerges: Migration = {
  version: 17,
  name: 'search-wide-merges',
  sql: `
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('usermerge', 16);
    INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('crisismerge', 64);
  `,
};
