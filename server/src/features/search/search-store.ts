import type Database from 'better-sqlite3';
import { SEARCH_HITS_PER_SESSION, type SearchHit, type SearchQuery, type SearchResponse } from '@cui/contract';
import { snippetOf } from './search-snippet';
import { matchedInOf, phraseRank, rankSessions, RANK_PHRASE, RANK_WORDS, type RankedHit } from './search-rank';
import type { SearchText } from './search-text';
import { createWordList, createWordMatch, foldForSearch, NON_ASCII, searchPieces, type WordMatch } from './search-words';
import type { TimeBox } from '../../platform/time-box';

/** Writes the searchable text of sessions (tables session_text and session_text_fts, migration 008). */
export interface SearchTextWriter {
  /** Appends a session's new messages; `replace` drops what it had first (a file read again from its start). */
  save(sessionId: string, texts: SearchText[], replace: boolean): void;
  remove(sessionId: string): void;
  /**
   * Adds saved rows to the FTS index, oldest first, in one transaction until the time box is spent, first merging the
   * index's segments a few pages at a time; false once every row is there and nothing is left to merge. Each insert
   * is one statement sized to the time left (from what a row has cost so far), or `stepRows` rows when given.
   */
  catchUp(box: TimeBox, stepRows?: number): boolean;
}

/**
 * FTS index pages merged between two looks at the clock (16 gave no less CPU and longer slices). The index merges 16
 * segments of a level at once (migration 017), so each row is rewritten about half as often as with FTS5's default 4.
 */
const SEARCH_MERGE_PAGES = 8;
/** What an FTS row is taken to cost before any was timed (ms; the word index and its word list ~0.006-0.01 ms a row). */
const FIRST_MS_PER_ROW = 0.01;
/** Rows in one insert at most, however cheap rows have been (a run of short rows must not misjudge a long one). */
const SEARCH_STEP_MAX_ROWS = 2000;

/** What one catch-up slice did: rows added to the FTS index, and the time it spent merging (ms). */
interface Spent {
  rows: number;
  mergeMs: number;
}

export function createSearchTextWriter(db: Database.Database): SearchTextWriter {
  const words = createWordList(db);
  const insert = db.prepare('INSERT INTO session_text (session_id, uuid, role, ts, body) VALUES (?, ?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM session_text WHERE session_id = ?');
  const mark = db.prepare<[], number>('SELECT indexed_through FROM search_state WHERE id = 1').pluck();
  const last = db.prepare<[number, number], number | null>('SELECT MAX(id) FROM (SELECT id FROM session_text WHERE id > ? ORDER BY id LIMIT ?)').pluck();
  const index = db.prepare('INSERT INTO session_text_fts (rowid, body) SELECT id, body FROM session_text WHERE id > ? AND id <= ?');
  const setMark = db.prepare('UPDATE search_state SET indexed_through = ? WHERE id = 1');
  // FTS5's incremental merge (automerge is off: migration 010): at most SEARCH_MERGE_PAGES pages of work, only where a
  // level holds usermerge (16, migration 017) segments or more. It changes two rows or more when it did any, one when
  // it found none.
  const merge = db.prepare(`INSERT INTO session_text_fts (session_text_fts, rank) VALUES ('merge', ${SEARCH_MERGE_PAGES})`);
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const mergedSome = (): boolean => {
    const before = totalChanges.get() as number;
    merge.run();
    return (totalChanges.get() as number) - before >= 2;
  };
  /**
   * Each statement is a segment of the FTS index (FTS5 writes its pending rows out at every statement's savepoint),
   * and every segment is merged again later: one statement as large as the time box allows, rather than several
   * small ones, and merges of 16 segments made a first index's CPU 28 % less at 10,000 sessions (docs/benchmarks.md).
   */
  const indexSome = (rows: number, spent: Spent): boolean => {
    const from = mark.get() as number;
    const to = last.get(from, rows);
    if (to === null || to === undefined) return false;
    index.run(from, to);
    words.add(from, to);
    setMark.run(to);
    spent.rows += Math.min(rows, to - from);
    return true;
  };
  // What adding a row has cost lately (ms): its statement, the segment's write-out and the commit, not the merging.
  let msPerRow = FIRST_MS_PER_ROW;
  const slice = db.transaction((box: TimeBox, stepRows: number | undefined, spent: Spent): boolean => {
    const deadline = box.now() + box.budgetMs;
    // Merging first keeps the segments few (each insert adds one), so that FTS5 never needs a crisis merge. Only
    // before this transaction's rows: a merge would flush them early as a segment of their own.
    for (;;) {
      const started = performance.now();
      const merged = mergedSome();
      spent.mergeMs += performance.now() - started;
      if (!merged) break;
      if (box.now() >= deadline) return true;
    }
    // One insert sized to the time left (a second would be a segment of its own), or steps of `stepRows` until the
    // time is spent.
    do {
      const rows = stepRows ?? Math.min(SEARCH_STEP_MAX_ROWS, Math.max(1, Math.floor((deadline - box.now()) / msPerRow)));
      if (!indexSome(rows, spent)) return false;
    } while (stepRows !== undefined && box.now() < deadline);
    return true;
  });
  return {
    save(sessionId, texts, replace) {
      if (replace) remove.run(sessionId);
      for (const text of texts) insert.run(sessionId, text.uuid, text.role, text.timestamp, text.body);
    },
    remove: (sessionId) => void remove.run(sessionId),
    catchUp(box, stepRows) {
      const started = performance.now();
      const spent: Spent = { rows: 0, mergeMs: 0 };
      const more = slice(box, stepRows, spent);
      const ms = performance.now() - started - spent.mergeMs;
      if (spent.rows > 0 && ms > 0) msPerRow = 0.7 * msPerRow + 0.3 * (ms / spent.rows);
      return more;
    },
  };
}

/** Matching messages one search examines, newest first: bounds a search for a very common word. */
export const SEARCH_HIT_CAP = 2000;
/** Text whose every word is under three characters is matched with LIKE over this many most recent messages. */
export const SHORT_QUERY_SCAN = 20000;
/** Newest messages a search reads directly when no piece of it narrows (all too common, or too short). */
export const COMMON_PIECES_SCAN = 100_000;

interface HitRow {
  id: number;
  session_id: string;
  updated_at: string;
  role: string;
  /** 1 when the session passes the list filters. */
  listed: number;
  /** phraseRank of the body when it holds the whole text, else 0. */
  phrase: number;
}

interface NameRow {
  session_id: string;
  updated_at: string;
  phrase: number;
}

interface SnippetRow {
  id: number;
  uuid: string;
  role: string;
  ts: string;
  snippet: string;
}

/** The words of a search checked before the cap counts a row (three characters or more). */
function queryWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => [...word].length >= 3);
}

/** The words under three characters (they narrow the other words' matches with LIKE). */
function shortWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0 && [...word].length < 3);
}

/** `text` as a LIKE pattern matching it anywhere (ESCAPE '\'). */
const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The list filters as one SQL expression over session_index `s`. */
function filterSql(query: SearchQuery): string {
  const conditions = ['s.message_count > 0'];
  if (query.archived !== undefined) conditions.push(`s.archived = ${query.archived ? 1 : 0}`);
  if (query.hasContinuation !== undefined) conditions.push(`s.has_continuation = ${query.hasContinuation ? 1 : 0}`);
  if (query.pinned !== undefined) conditions.push(`s.pinned = ${query.pinned ? 1 : 0}`);
  if (query.projectPath !== undefined) conditions.push('s.project_path = @projectPath');
  return `(${conditions.join(' AND ')})`;
}

/** `column LIKE @w0 AND column LIKE @w1 …` for `count` words ('1' when none). */
function allLike(column: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${column} LIKE @w${i} ESCAPE '\\'`).join(' AND ') || '1';
}

/**
 * For the words `from` to `from + count - 1`: the column holds each, as the index folds text ('1' when none).
 * SQLite's LIKE (ASCII case folding, in C) settles most rows. A row it rejects reaches cui_contains (case and accents
 * folded in JavaScript) only when folding could change the answer: the text holds a character beyond ASCII (GLOB,
 * in C), or the word does (its pattern is then `*`). So a search does not copy thousands of texts into JavaScript.
 */
function allContain(column: string, from: number, count: number): string {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return `(${column} LIKE @w${i} ESCAPE '\\' OR (${column} GLOB @g${i} AND cui_contains(${column}, @c${i})))`;
  }).join(' AND ') || '1';
}

/** Text holding a character beyond ASCII, as a GLOB pattern. */
const BEYOND_ASCII_GLOB = '*[^\u0001-\u007f]*';

const ASCII_WORD_CHAR = /[A-Za-z0-9_]/;

/**
 * SQL giving phraseRank of `column` when it holds the whole text (@phrase, as LIKE matches it), else 0, with the
 * parameters of phraseParams. For ASCII text SQLite looks at the phrase's first place (instr on the lower-cased text,
 * and the character on each side): on word boundaries there, the rank is RANK_PHRASE without the text ever reaching
 * JavaScript. Otherwise, or for text beyond ASCII (whose word characters are Unicode's), cui_phrase_rank looks at
 * every place. A common word matched up to SEARCH_HIT_CAP texts, and copying each into JavaScript and lower-casing it
 * there was most of what a search allocated (issue 28.5); a GLOB for the boundaries over the whole text cost 8-11 ms
 * of CPU a common-word search more than JavaScript did, this 1-2 ms.
 */
export function phraseRankSql(column: string): string {
  const at = `instr(lower(${column}), @needle)`;
  return `CASE WHEN ${column} LIKE @phrase ESCAPE '\\' THEN (CASE
    WHEN length(${column}) != octet_length(${column}) THEN cui_phrase_rank(${column}, @q)
    WHEN (NOT @startsWord OR substr(lower(${column}), ${at} - 1, 1) NOT GLOB '[a-z0-9_]')
      AND (NOT @endsWord OR substr(lower(${column}), ${at} + @needleLength, 1) NOT GLOB '[a-z0-9_]') THEN ${RANK_PHRASE}
    ELSE cui_phrase_rank(${column}, @q) END) ELSE 0 END`;
}

/** The parameters of phraseRankSql for the text as typed. */
export function phraseParams(text: string): { q: string; phrase: string; needle: string; needleLength: number; startsWord: number; endsWord: number } {
  const needle = text.toLowerCase();
  return {
    q: text, phrase: likeAnywhere(text), needle, needleLength: needle.length,
    // A word character at either end of the phrase needs a non-word character (or the text's edge) beside it.
    startsWord: ASCII_WORD_CHAR.test(needle[0] ?? '') ? 1 : 0, endsWord: ASCII_WORD_CHAR.test(needle.at(-1) ?? '') ? 1 : 0,
  };
}

/** The matching messages of a search, and whether some were left unexamined (a bound, not the cap, stopped it). */
type MessageHits = (match: ReturnType<WordMatch>, filter: string, params: Record<string, string | number>, longs: string[], shorts: string[]) => { hits: HitRow[]; unexamined: boolean };

/**
 * Messages by the word index when it can narrow (`match`), none when a piece is in no word, the newest messages read
 * directly when no piece narrows ('common'), and a literal scan of the newest ones when every word is under three
 * characters (undefined).
 */
function createMessageHits(prepared: (sql: string) => Database.Statement): MessageHits {
  const phraseSql = phraseRankSql('t.body');
  // The word index's rows, newest first, kept when their text holds every long word (the index knows only that a row
  // holds words holding the pieces): the cap counts them, before the short words and the list filters narrow them (so
  // that `truncated` says whether matches were left unexamined, and a short word never makes a search read every row).
  const ftsHits = (filter: string, longWords: number, shortWords: number): Database.Statement => prepared(`
    SELECT t.id, t.session_id, t.role, s.updated_at, ${filter} AS listed, ${phraseSql} AS phrase
    FROM (SELECT f.rowid AS id FROM session_text_fts f JOIN session_text b ON b.id = f.rowid
      WHERE session_text_fts MATCH @match AND ${allContain('b.body', 0, longWords)} ORDER BY f.rowid DESC LIMIT @cap) h
    JOIN session_text t ON t.id = h.id JOIN session_index s ON s.session_id = t.session_id WHERE ${allContain('t.body', longWords, shortWords)}`);
  // The newest @scan messages holding `condition`, read directly: when no piece narrows (all too common, or too short),
  // every word checked; when every word is under three characters, the whole text as typed.
  const newestHits = (filter: string, condition: string): Database.Statement => prepared(`
    SELECT t.id, t.session_id, t.role, s.updated_at, ${filter} AS listed, ${phraseSql} AS phrase
    FROM (SELECT id FROM session_text WHERE id > (SELECT COALESCE(MAX(id), 0) FROM session_text) - @scan
      AND ${condition} ORDER BY id DESC LIMIT @cap) h
    JOIN session_text t ON t.id = h.id JOIN session_index s ON s.session_id = t.session_id`);
  const lastRow = prepared('SELECT COALESCE(MAX(id), 0) FROM session_text').pluck();
  return (match, filter, params, longs, shorts) => {
    if (match === undefined) return { hits: newestHits(filter, "body LIKE @phrase ESCAPE '\\'").all({ ...params, scan: SHORT_QUERY_SCAN }) as HitRow[], unexamined: false };
    if (match === 'none') return { hits: [], unexamined: false };
    const contain = containParams([...longs, ...shorts]);
    if (match === 'common') {
      const hits = newestHits(filter, allContain('body', 0, longs.length + shorts.length)).all({ ...params, scan: COMMON_PIECES_SCAN, ...contain }) as HitRow[];
      return { hits, unexamined: (lastRow.get() as number) > COMMON_PIECES_SCAN };
    }
    return { hits: ftsHits(filter, longs.length, shorts.length).all({ ...params, match, ...contain }) as HitRow[], unexamined: false };
  };
}

/** Searches the indexed text (see SearchQuery). */
export type SearchSessions = (query: SearchQuery) => SearchResponse;

export function createSearchSessions(db: Database.Database): SearchSessions {
  const wordMatch = createWordMatch(db);
  db.function('cui_phrase_rank', { deterministic: true }, (text: unknown, phrase: unknown) => phraseRank(String(text), String(phrase)));
  // The words come folded already (containParams); a row's text is folded once for all its words.
  let lastText = '';
  let lastFolded = '';
  db.function('cui_contains', { deterministic: true }, (text: unknown, word: unknown) => {
    const value = String(text);
    if (value !== lastText) [lastText, lastFolded] = [value, foldForSearch(value)];
    return lastFolded.includes(String(word)) ? 1 : 0;
  });
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const messageHits = createMessageHits(prepared);
  // A session's name: its custom name, else its title unless that is the first prompt (searched as a message already).
  // Two partial indexes (migration 016) hold just the sessions that have one, so this never scans every session (a
  // scan cost 8-9 ms a search at 10,000 sessions, most of a search's time).
  const nameHits = (filter: string, words: number): Database.Statement => prepared(`
    SELECT session_id, updated_at, ${phraseRankSql('name')} AS phrase
    FROM (
      SELECT s.session_id, s.updated_at, i.custom_name AS name
      FROM session_info i INDEXED BY session_info_named JOIN session_index s ON s.session_id = i.session_id WHERE i.custom_name != '' AND ${filter}
      UNION ALL
      SELECT s.session_id, s.updated_at, s.summary AS name
      FROM session_index s INDEXED BY session_index_titled WHERE s.summary != s.first_prompt AND s.summary != '' AND ${filter}
        AND NOT EXISTS (SELECT 1 FROM session_info i WHERE i.session_id = s.session_id AND i.custom_name != '')
    ) WHERE ${allLike('name', words)}`);
  const rows = prepared('SELECT t.id, t.uuid, t.role, t.ts, t.body AS snippet FROM session_text t WHERE t.id IN (SELECT value FROM json_each(@ids))');
  const titles = prepared(`SELECT s.session_id, COALESCE(NULLIF(i.custom_name, ''), s.summary) AS summary, s.project_path FROM session_index s
    LEFT JOIN session_info i ON i.session_id = s.session_id WHERE s.session_id IN (SELECT value FROM json_each(@ids))`);

  return (query) => {
    const text = query.q.trim();
    // A word of three characters or more is looked for in every message, through the word index when some piece of
    // the text can narrow it, else in the newest COMMON_PIECES_SCAN; shorter text in the newest SHORT_QUERY_SCAN only.
    const match = queryWords(text).length > 0 ? (wordMatch(searchPieces(text)) ?? 'common') : undefined;
    const longs = match ? queryWords(text) : [];
    const shorts = match ? shortWords(text) : [];
    const allWords = text.split(/\s+/).filter(Boolean);
    const filter = filterSql(query);
    const params: Record<string, string | number> = { cap: SEARCH_HIT_CAP, ...phraseParams(text) };
    if (query.projectPath !== undefined) params.projectPath = query.projectPath;
    const { hits, unexamined } = messageHits(match, filter, params, longs, shorts);
    const names = nameHits(filter, allWords.length).all({ ...params, ...wordParams(allWords) }) as NameRow[];
    const ranked: RankedHit[] = [
      ...hits.filter((hit) => hit.listed === 1).map((hit) => ({ id: hit.id, sessionId: hit.session_id, updatedAt: hit.updated_at, rank: hit.phrase || RANK_WORDS, matchedIn: matchedInOf(hit.role) })),
      ...names.map((row) => ({ sessionId: row.session_id, updatedAt: row.updated_at, rank: row.phrase || RANK_WORDS, matchedIn: 'name' as const })),
    ];
    // The cap applies before the filters, so that `truncated` says whether matches were left unexamined.
    const sessions = rankSessions(ranked);
    const offset = query.offset ?? 0;
    const page = sessions.slice(offset, offset + (query.limit ?? 20));
    const shown = page.flatMap((session) => session.ids.slice(0, SEARCH_HITS_PER_SESSION));
    const byId = new Map((rows.all({ ids: JSON.stringify(shown) }) as SnippetRow[]).map((row) => [row.id, row]));
    const about = new Map((titles.all({ ids: JSON.stringify(page.map((s) => s.sessionId)) }) as { session_id: string; summary: string; project_path: string }[]).map((row) => [row.session_id, row]));
    const words = match ? [...queryWords(text), ...shorts] : [text];
    const toHit = (row: SnippetRow): SearchHit => ({
      uuid: row.uuid, role: row.role === 'user' ? 'user' : row.role === 'tool' ? 'tool' : 'assistant', timestamp: row.ts,
      matchedIn: matchedInOf(row.role), snippet: snippetOf(row.snippet, words),
    });
    const results = page.map((session) => ({
      sessionId: session.sessionId, summary: about.get(session.sessionId)?.summary ?? '', projectPath: about.get(session.sessionId)?.project_path ?? '',
      updatedAt: session.updatedAt, hitCount: session.ids.length, matchedIn: session.matchedIn,
      hits: session.ids.slice(0, SEARCH_HITS_PER_SESSION).flatMap((id) => { const row = byId.get(id); return row ? [toHit(row)] : []; }),
    }));
    return { results, total: sessions.length, truncated: unexamined || hits.length >= SEARCH_HIT_CAP };
  };
}

/** `{w0: '%word%', g0: GLOB pattern, c0: 'folded word', …}` for the parameters of allContain. */
function containParams(words: string[]): Record<string, string> {
  return {
    ...wordParams(words),
    ...Object.fromEntries(words.flatMap((word, i) => [[`g${i}`, NON_ASCII.test(word) ? '*' : BEYOND_ASCII_GLOB], [`c${i}`, foldForSearch(word)]])),
  };
}

/** `{w0: '%…%', w1: …}` for the LIKE parameters of allLike. */
function wordParams(words: string[]): Record<string, string> {
  return Object.fromEntries(words.map((word, i) => [`w${i}`, likeAnywhere(word)]));
}
