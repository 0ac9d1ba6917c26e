import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snippetOf } from './search-snippet';
import pino from 'pino';
import { openDatabase } from '../../platform/db';
import { phraseRank, RANK_PHRASE, RANK_PHRASE_INSIDE } from './search-rank';
import { COMMON_PIECES_SCAN, createSearchSessions, createSearchTextWriter, phraseParams, phraseRankSql, SEARCH_HIT_CAP, SHORT_QUERY_SCAN } from './search-store';
import { foldForSearch, SEARCH_WORDS_PER_PIECE, searchPieces, trigramQuery } from './search-words';
import { TOOL_INPUT_MAX_CHARS, TOOL_RESULT_MAX_CHARS } from './search-text';
import { CATCH_UP_SLICE_MS, indexTimeBox, yieldToEventLoop, type TimeBox } from '../../platform/time-box';
import { A, assistant, B, harness, toolResult, user, uuid } from './search-test-harness';

describe('search over the indexed transcripts', () => {
  it('finds substrings and code identifiers, case- and accent-insensitively, and CJK text', async () => {
    const h = harness();
    h.append(A, [user(A, 'Please refactor parser_utils in mod42.ts'), assistant(A, 'Fixed the TypeError in the café module. 登录页 is done.')]);
    h.append(B, [user(B, 'Something else entirely')]);
    await h.sync();
    for (const q of ['parser_utils', 'mod42.ts', 'arser_ut', 'typeerror', 'TYPEERROR', 'cafe', 'CAFÉ', '登录页', 'refactor mod42']) expect(h.found(q), q).toEqual([A]);
    expect(h.found('nowhere-to-be-found')).toEqual([]);
  });

  it('marks the match in a structured snippet and names the message', async () => {
    const h = harness();
    const id = uuid();
    h.append(A, [assistant(A, 'The function parser_utils.tokenize() splits the input', id)]);
    await h.sync();
    const [result] = h.search('PARSER_UTILS').results;
    expect(result?.hits).toHaveLength(1);
    expect(result?.hits[0]).toMatchObject({ uuid: id, role: 'assistant' });
    expect(result?.hits[0]?.snippet.filter((p) => p.match).map((p) => p.text).join('')).toBe('parser_utils');
    expect(result?.hits[0]?.snippet.map((p) => p.text).join('')).toBe('The function parser_utils.tokenize() splits the input');
    h.append(A, [assistant(A, `${'lead '.repeat(40)}parser_utils${' tail'.repeat(40)}`)]);
    await h.sync();
    const long = h.search('parser_utils').results[0]?.hits[0]?.snippet.map((p) => p.text).join('') ?? '';
    expect(long).toMatch(/^….*parser_utils.*…$/);
    expect(long.length).toBeLessThan(120);
  });

  it('falls back to a literal match under three characters, CJK included', async () => {
    const h = harness();
    h.append(A, [user(A, 'go to 登录 now'), assistant(A, 'ok')]);
    h.append(B, [user(B, 'nothing here')]);
    await h.sync();
    expect(h.found('登录')).toEqual([A]);
    expect(h.found('GO')).toEqual([A]);
    expect(h.search('登录').results[0]?.hits[0]?.snippet).toContainEqual({ text: '登录', match: true });
  });

  it('treats FTS syntax in the text as literal text', async () => {
    const h = harness();
    h.append(A, [user(A, 'say "hello" * NOT (done) AND more')]);
    await h.sync();
    for (const q of ['"', '*', '"hello', 'NOT (done)', 'AND', '" OR "', '%', '_', '\\']) expect(() => h.search(q), q).not.toThrow();
    expect(h.found('"hello"')).toEqual([A]);
    expect(h.found('(done)')).toEqual([A]);
    expect(h.found('100%')).toEqual([]);
  });

  it('indexes only appended lines, re-indexes a rewritten file, forgets a deleted one and skips unchanged ones', async () => {
    const h = harness();
    h.append(A, [user(A, 'first words alpha')]);
    await h.sync();
    expect(h.rows()).toBe(1);
    h.append(A, [assistant(A, 'second words beta')]);
    await h.sync();
    expect(h.rows()).toBe(2);
    expect(h.found('alpha')).toEqual([A]);
    expect(h.found('beta')).toEqual([A]);
    const last = h.lastId();
    await h.sync();
    expect(h.lastId()).toBe(last);
    fs.writeFileSync(h.fileOf(A), `${JSON.stringify(user(A, 'rewritten gamma text here, longer than before to keep the size up'))}\n`);
    await h.sync();
    expect(h.found('alpha')).toEqual([]);
    expect(h.found('gamma')).toEqual([A]);
    expect(h.rows()).toBe(1);
    fs.unlinkSync(h.fileOf(A));
    await h.sync();
    expect(h.found('gamma')).toEqual([]);
    expect(h.rows()).toBe(0);
    expect(() => h.db.prepare("INSERT INTO session_text_fts (session_text_fts) VALUES ('integrity-check')").run()).not.toThrow();
  });

  it('stays exact when rows change before the FTS index caught up with them', async () => {
    const h = harness();
    h.append(A, [user(A, 'early words delta')]);
    await h.syncOnly();
    expect(h.found('delta')).toEqual([]);
    fs.writeFileSync(h.fileOf(A), `${JSON.stringify(user(A, 'replaced words epsilon, long enough to keep the file growing'))}\n`);
    await h.syncOnly();
    h.append(B, [user(B, 'epsilon too')]);
    await h.sync();
    expect(h.found('delta')).toEqual([]);
    expect(h.found('epsilon').sort()).toEqual([A, B]);
    fs.unlinkSync(h.fileOf(B));
    await h.sync();
    expect(h.found('epsilon')).toEqual([A]);
    expect(() => h.db.prepare("INSERT INTO session_text_fts (session_text_fts) VALUES ('integrity-check')").run()).not.toThrow();
  });

  it('cuts long tool results and never indexes sidechain lines', async () => {
    const h = harness();
    h.append(A, [toolResult(A, `head-marker ${'x'.repeat(TOOL_RESULT_MAX_CHARS)} tail-marker`), { ...user(A, 'sidechain-marker'), isSidechain: true }]);
    await h.sync();
    expect(h.found('head-marker')).toEqual([A]);
    expect(h.search('head-marker').results[0]?.hits[0]?.role).toBe('tool');
    expect(h.found('tail-marker')).toEqual([]);
    expect(h.found('sidechain-marker')).toEqual([]);
  });

  it("cuts a tool use's input at its own, longer cut", async () => {
    const h = harness();
    const edit = { type: 'tool_use', id: 'toolu_2', name: 'Write', input: { file_path: '/w/a.ts', content: `${'y'.repeat(TOOL_RESULT_MAX_CHARS)} input-marker ${'z'.repeat(TOOL_INPUT_MAX_CHARS)} input-tail` } };
    h.append(A, [{ ...assistant(A, 'writing'), message: { role: 'assistant', model: 'm', content: [edit] } }]);
    await h.sync();
    expect(TOOL_INPUT_MAX_CHARS).toBeGreaterThan(TOOL_RESULT_MAX_CHARS + 'input-marker'.length);
    expect(h.found('input-marker')).toEqual([A]);
    expect(h.found('input-tail')).toEqual([]);
  });

  it('narrows by a short word, and folds case and accents on both sides', async () => {
    const h = harness();
    h.append(A, [user(A, 'Le CAFÉ ouvre à 9h')]);
    h.append(B, [user(B, 'le cafe ferme à 18h')]);
    await h.sync();
    expect(h.found('café 9h')).toEqual([A]);
    expect(h.found('CAFE 18h')).toEqual([B]);
    expect(h.found('cafe').sort()).toEqual([A, B].sort());
    expect(h.found('Café ouvre')).toEqual([A]);
  });

  it("finds only text holding the word itself, not a row that merely holds the word's trigrams", async () => {
    const h = harness();
    // 'abcd bcde' holds abc, bcd and cde (every trigram of 'abcde') but not 'abcde'.
    h.append(A, [user(A, 'abcd bcde')]);
    h.append(B, [user(B, 'xx ABCDE yy')]);
    await h.sync();
    expect(h.found('abcde')).toEqual([B]);
    expect(h.found('abcd')).toEqual(expect.arrayContaining([A, B]));
  });

  it('applies the tab filters and pages by session', async () => {
    const h = harness();
    h.append(A, [user(A, 'shared keyword one')]);
    h.append(B, [user(B, 'shared keyword two')]);
    await h.sync();
    h.db.prepare('UPDATE session_index SET archived = 1 WHERE session_id = ?').run(B);
    expect(h.search('keyword', { archived: false }).results.map((r) => r.sessionId)).toEqual([A]);
    expect(h.search('keyword', { archived: true }).results.map((r) => r.sessionId)).toEqual([B]);
    const all = h.search('keyword', { limit: 1 });
    expect(all.total).toBe(2);
    expect(all.results).toHaveLength(1);
    expect(h.search('keyword', { limit: 1, offset: 1 }).results.map((r) => r.sessionId)).not.toEqual(all.results.map((r) => r.sessionId));
  });
});

describe('the word index and its list of words', () => {
  it('finds a piece anywhere in a word, in words first seen by a later catch-up too, and lists each word once', async () => {
    const h = harness();
    h.append(A, [user(A, 'const [value, setValue] = useState(0)')]);
    await h.sync();
    h.append(B, [assistant(B, 'then useReducer replaced useState')]);
    await h.sync();
    expect(h.found('state')).toEqual([B, A]);
    expect(h.found('educe')).toEqual([B]);
    expect(h.found('SetVal')).toEqual([A]);
    expect(h.db.prepare("SELECT COUNT(*) FROM search_terms WHERE term = 'usestate'").pluck().get()).toBe(1);
    expect(h.db.prepare("SELECT folded FROM search_terms WHERE term = 'usereducer'").pluck().get()).toBe('usereducer');
  });

  it('a piece between two cuts is an index word, one after a cut starts one, one before a cut ends one', async () => {
    const h = harness();
    h.append(A, [user(A, 'see mycache(770) and ax.mid.yz then (done)')]);
    h.append(B, [user(B, 'cache 77 and x.middle.y, undone')]);
    await h.sync();
    for (const q of ['cache(77', 'x.mid.y', '(done)', 'e(7']) expect(h.found(q), q).toEqual([A]);
    for (const q of ['done', 'x.m']) expect(h.found(q).sort(), q).toEqual([A, B]);
    expect(h.found('mid').sort()).toEqual([A, B]);
    expect(h.found('che(771')).toEqual([]);
  });

  it('finds words the tokenizer folds differently from the search, by their folded form', async () => {
    const h = harness();
    h.append(A, [user(A, 'Ærøskøbing, naïve résumé')]);
    await h.sync();
    for (const q of ['naive', 'RESUME', 'résumé', 'ærø']) expect(h.found(q), q).toEqual([A]);
  });

  it('reads the newest messages directly when a piece is in too many words to narrow by, and narrows by a rarer piece when there is one', async () => {
    const h = harness();
    const many = SEARCH_WORDS_PER_PIECE + 1;
    h.append(A, Array.from({ length: many }, (_, i) => user(A, `word${i}qzx${i}`)));
    h.append(B, [user(B, 'the qzx and a rarepiece')]);
    await h.sync();
    expect(h.db.prepare("SELECT COUNT(*) FROM search_terms WHERE folded LIKE '%qzx%'").pluck().get()).toBe(many + 1);
    const common = h.search('qzx');
    expect(common).toMatchObject({ total: 2, truncated: false });
    expect(common.results.find((r) => r.sessionId === A)?.hitCount).toBe(many);
    expect(h.found('qzx rarepiece')).toEqual([B]);
  });

  it('reads a word whose pieces are too short to narrow by in the newest COMMON_PIECES_SCAN messages, text under three characters in the newest SHORT_QUERY_SCAN', async () => {
    const h = harness();
    h.append(B, [user(B, 'call x(12) once')]);
    h.append(A, Array.from({ length: SHORT_QUERY_SCAN }, (_, i) => user(A, `filler ${i}`)));
    await h.syncOnly();
    h.catchUp();
    expect(h.found('x(1')).toEqual([B]);
    expect(h.search('x(')).toMatchObject({ total: 0, truncated: false });
    expect(h.found('qzx nowhere')).toEqual([]);
    expect(COMMON_PIECES_SCAN).toBeGreaterThan(SEARCH_HIT_CAP);
  });
});

describe('a search for a very common word', () => {
  it('examines the newest SEARCH_HIT_CAP matches and says the answer was truncated', async () => {
    const h = harness();
    h.append(A, Array.from({ length: SEARCH_HIT_CAP + 1 }, (_, i) => user(A, `commonword ${i}`)));
    h.append(B, [user(B, 'rareword once')]);
    await h.sync();
    const common = h.search('commonword');
    expect(common).toMatchObject({ total: 1, truncated: true });
    expect(common.results[0]?.hitCount).toBe(SEARCH_HIT_CAP);
    expect(common.results[0]?.hits[0]?.snippet.map((p) => p.text).join('')).toBe(`commonword ${SEARCH_HIT_CAP}`);
    expect(h.search('commonword', { archived: true })).toMatchObject({ total: 0, truncated: true });
    expect(h.search('rareword')).toMatchObject({ total: 1, truncated: false });
  });

  it('counts matching messages against the cap, not rows that only hold the words the index narrows by', async () => {
    const h = harness();
    h.append(B, [user(B, 'call needleword(77) at last')]);
    // Newer rows holding a word ending with 'needleword' and one starting with '77', but not 'needleword(77'.
    h.append(A, Array.from({ length: SEARCH_HIT_CAP + 1 }, (_, i) => user(A, `needleword 77 and a.needleword.77${i}`)));
    await h.sync();
    expect(h.search('needleword(77')).toMatchObject({ total: 1, truncated: false, results: [{ sessionId: B }] });
  });
});

describe('searchPieces, trigramQuery and snippetOf', () => {
  it('cuts each word into runs of letters and digits, folded, once each, and says which edges are cuts in a word of ASCII', () => {
    const piece = (text: string, starts = false, ends = false) => ({ text, starts, ends });
    expect(searchPieces('a "quo" bc word*')).toEqual([piece('a'), piece('quo', true, true), piece('bc'), piece('word', false, true)]);
    expect(searchPieces('parser_utils mod42.ts PARSER')).toEqual([piece('parser', false, true), piece('utils', true), piece('mod42', false, true), piece('ts', true), piece('parser')]);
    expect(searchPieces('x.mid.y (done) x.mid.y')).toEqual([piece('x', false, true), piece('mid', true, true), piece('y', true), piece('done', true, true)]);
    // Beyond ASCII the tokenizer may cut less often than the search: no edge is claimed.
    expect(searchPieces('CAFÉ-au 登录页面')).toEqual([piece('cafe'), piece('au'), piece('登录页面')]);
    expect(searchPieces('  ')).toEqual([]);
  });

  it('asks the trigram index of the words for every trigram of a piece, quoted, once each', () => {
    expect(trigramQuery('abab')).toBe('"aba" "bab"');
    expect(trigramQuery('登录页面')).toBe('"登录页" "录页面"');
    expect(trigramQuery('a"bc')).toBe('"a""b" """bc"');
  });

  it('folds text as the index does: lower case, accents removed', () => {
    expect(foldForSearch('Le CAFÉ Ünïcode')).toBe('le cafe unicode');
    expect(foldForSearch('plain ASCII_1')).toBe('plain ascii_1');
  });

  it('marks every occurrence of the words near the first, case- and accent-insensitively, keeping the original text', () => {
    expect(snippetOf('Le Café du CAFE', ['cafe'])).toEqual([
      { text: 'Le ', match: false }, { text: 'Café', match: true }, { text: ' du ', match: false }, { text: 'CAFE', match: true },
    ]);
    expect(snippetOf('登录页 ok', ['登录'])).toEqual([{ text: '登录', match: true }, { text: '页 ok', match: false }]);
    const long = snippetOf(`${'x'.repeat(100)} needle ${'y'.repeat(100)}`, ['NEEDLE']);
    expect(long[0]).toEqual({ text: `…${'x'.repeat(47)} `, match: false });
    expect(long[1]).toEqual({ text: 'needle', match: true });
    expect(long.at(-1)?.text.endsWith('…')).toBe(true);
  });
});

describe('search catch-up in time boxes', () => {
  it('stops at its time box and the next slice resumes where it stopped, indexing every message once', async () => {
    const h = harness();
    h.append(A, Array.from({ length: 30 }, (_, i) => user(A, `message ${i} with the slicemarker`)));
    await h.syncOnly();
    const writer = createSearchTextWriter(h.db);
    // Every look at the clock moves it 4 ms: a 10 ms box holds three steps (12 messages at 4 a step).
    let clock = 0;
    const box: TimeBox = { budgetMs: 10, now: () => (clock += 4), between: yieldToEventLoop };
    const hits = (): number => h.search('slicemarker').results[0]?.hitCount ?? 0;
    expect(hits()).toBe(0);
    const seen: number[] = [];
    for (let more = true; more; ) {
      more = writer.catchUp(box, 4);
      seen.push(hits());
      expect(seen.length).toBeLessThan(20);
    }
    // The first slice has nothing to merge: three steps of 4. Later ones may spend a step merging the segments.
    expect(seen[0]).toBe(12);
    seen.forEach((n, i) => expect(n - (seen[i - 1] ?? 0)).toBeGreaterThanOrEqual(i === seen.length - 1 ? 0 : 4));
    seen.forEach((n, i) => expect(n - (seen[i - 1] ?? 0)).toBeLessThanOrEqual(12));
    expect(seen.at(-1)).toBe(30);
    expect(writer.catchUp(box, 4)).toBe(false);
    expect(hits()).toBe(30);
    expect(h.found('message 29')).toEqual([A]);
  });
});

describe('search catch-up sized by the clock', () => {
  it('sizes each insert to the time left and indexes every message once, however many slices it takes', async () => {
    const h = harness();
    h.append(A, Array.from({ length: 400 }, (_, i) => user(A, `message ${i} with the sizedmarker`)));
    await h.syncOnly();
    const writer = createSearchTextWriter(h.db);
    const box = indexTimeBox(yieldToEventLoop, CATCH_UP_SLICE_MS);
    let slices = 1;
    while (writer.catchUp(box)) slices += 1;
    expect(slices).toBeLessThan(400);
    expect(h.search('sizedmarker').results[0]?.hitCount).toBe(400);
    expect(h.found('message 399')).toEqual([A]);
    expect(h.db.prepare('SELECT COUNT(*) FROM session_text_fts WHERE session_text_fts MATCH ?').pluck().get('"sizedmarker"')).toBe(400);
  });
});

describe('search index merging', () => {
  it('merges the FTS segments that many small catch-up steps leave, every message still found', async () => {
    const h = harness();
    h.append(A, Array.from({ length: 60 }, (_, i) => user(A, `message ${i} with the mergemarker`)));
    await h.sync(); // one message per step and per transaction: a segment each
    // FTS5 numbers each page of its data by segment (the rowid's bits from 37 up; rowids up to 10 are its own records).
    const segments = h.db.prepare('SELECT COUNT(DISTINCT id >> 37) FROM session_text_fts_data WHERE id > 10').pluck().get() as number;
    // Sixty segments written; merged 16 at a time (migration 017), so no level is left holding 16.
    expect(segments).toBeLessThan(16);
    const setting = h.db.prepare<[string], number>('SELECT v FROM session_text_fts_config WHERE k = ?').pluck();
    expect([setting.get('usermerge'), setting.get('crisismerge'), setting.get('automerge')]).toEqual([16, 64, 0]);
    expect(h.search('mergemarker').results[0]?.hitCount).toBe(60);
    expect(h.found('message 59')).toEqual([A]);
  });
});

describe('the phrase rank in SQL', () => {
  it('ranks each text as phraseRank does, ASCII in SQLite and the rest through JavaScript', () => {
    const db = openDatabase(':memory:', pino({ level: 'silent' }));
    createSearchSessions(db);
    const rank = db.prepare(`SELECT ${phraseRankSql('b')} FROM (SELECT @body AS b)`).pluck();
    const holds = db.prepare("SELECT @body LIKE @phrase ESCAPE '\\'").pluck();
    // null: a session's name column can be empty in SQL terms too; it never ranks.
    const bodies: (string | null)[] = [
      null, 'Filler session number 17.', 'number 170 then NUMBER 17', 'Filler session number 170', 'see foo.bar()', 'a*b and axb', 'x?y', 'axy',
      'the [tag] here', 'the xtagx', 'un café noir', 'CAFÉ au lait', 'cafés', 'foo_bar_baz', 'Foo_Bar.', 'parser', 'reparser', 'parser_utils',
      'Parser!', '登录 parser', '登录parser', '', '17', 'x17y', '100% done', 'a\\b path', 'line\nparser\n', "it's a 'quote'",
    ];
    const queries = ['number 17', 'parser', '.bar(', 'a*b', 'x?y', '[tag]', 'café', 'Foo_Bar', '17', '100%', 'a\\b', "'quote'", 'PARSER', '登录'];
    const cases = queries.flatMap((q) => bodies.map((body) => ({ q, body })));
    for (const { q, body } of cases) {
      const params = phraseParams(q);
      const expected = body !== null && holds.get({ body, phrase: params.phrase }) === 1 ? phraseRank(body, q) : 0;
      expect(rank.get({ body, ...params }), `${JSON.stringify(q)} in ${JSON.stringify(body)}`).toBe(expected);
    }
    // Every kind of answer is among the cases: not found, inside longer words, on word boundaries.
    const ranks = cases.map(({ q, body }) => rank.get({ body, ...phraseParams(q) }));
    expect(new Set(ranks)).toEqual(new Set([0, RANK_PHRASE_INSIDE, RANK_PHRASE]));
    // JavaScript sees only the texts SQLite cannot settle at the phrase's first place.
    const seen: string[] = [];
    db.function('cui_phrase_rank', (text: unknown, phrase: unknown) => (seen.push(String(text)), phraseRank(String(text), String(phrase))));
    for (const body of ['Filler session number 17.', 'number 17', 'see foo.bar()', 'number 170 then NUMBER 17', 'un café number 17']) rank.get({ body, ...phraseParams('number 17') });
    expect(seen).toEqual(['number 170 then NUMBER 17', 'un café number 17']);
    db.close();
  });
});
