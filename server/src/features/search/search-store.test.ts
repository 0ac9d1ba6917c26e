import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '@cui/contract';
import { openDatabase } from '../../platform/db';
import { createIndexStore, createSessionIndexer, createSummaryLinks, inThreadPool } from '../transcript-index/index';
import { snippetOf } from './search-snippet';
import { createSearchSessions, createSearchTextWriter, ftsQuery, SEARCH_HIT_CAP } from './search-store';
import { TOOL_RESULT_MAX_CHARS } from './search-text';
import { yieldToEventLoop, type TimeBox } from '../../platform/time-box';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
let seq = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const user = (sessionId: string, content: unknown, id = uuid()) => ({ parentUuid: null, isSidechain: false, type: 'user', message: { role: 'user', content }, uuid: id, timestamp: '2026-01-02T00:00:00.000Z', cwd: '/w', sessionId });
const assistant = (sessionId: string, text: string, id = uuid()) => ({ parentUuid: null, isSidechain: false, type: 'assistant', message: { role: 'assistant', model: 'm', content: [{ type: 'text', text }] }, uuid: id, timestamp: '2026-01-02T00:00:01.000Z', cwd: '/w', sessionId });
const toolResult = (sessionId: string, content: string) => user(sessionId, [{ type: 'tool_result', tool_use_id: 'toolu_1', content }]);

/** A time box spent by every step: each catch-up call adds one step's rows. */
const oneStepEach: TimeBox = { budgetMs: 0, now: () => 0, between: yieldToEventLoop };

function harness() {
  const projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-search-'));
  const logger = pino({ level: 'silent' });
  const db = openDatabase(':memory:', logger);
  const indexer = createSessionIndexer({ store: createIndexStore(db), links: createSummaryLinks(db), pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false });
  const search = createSearchSessions(db);
  const writer = createSearchTextWriter(db);
  /** As the session index does after each sync: the FTS index catches up (in small slices here, to cross them). */
  const catchUp = (): void => {
    while (writer.catchUp(oneStepEach, 1));
  };
  const fileOf = (sessionId: string): string => path.join(projects, '-w', `${sessionId}.jsonl`);
  const rows = db.prepare('SELECT COUNT(*) FROM session_text').pluck();
  const lastId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM session_text').pluck();
  return {
    db,
    fileOf,
    append(sessionId: string, lines: object[]): void {
      fs.mkdirSync(path.dirname(fileOf(sessionId)), { recursive: true });
      fs.appendFileSync(fileOf(sessionId), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    },
    sync: async () => {
      await indexer.syncAll();
      catchUp();
    },
    /** A sync whose text has not reached the FTS index yet. */
    syncOnly: () => indexer.syncAll(),
    catchUp,
    search: (q: string, extra: Partial<SearchQuery> = {}) => search({ q, ...extra }),
    /** Session ids found for q. */
    found: (q: string) => search({ q }).results.map((r) => r.sessionId),
    rows: () => rows.get() as number,
    lastId: () => lastId.get() as number,
  };
}

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
});

describe('ftsQuery and snippetOf', () => {
  it('quotes every word of three characters or more and drops shorter ones', () => {
    expect(ftsQuery('a "quoted" bc word*')).toBe('"""quoted""" "word*"');
    expect(ftsQuery('ab cd')).toBeUndefined();
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

describe('search index merging', () => {
  it('merges the FTS segments that many small catch-up steps leave, every message still found', async () => {
    const h = harness();
    h.append(A, Array.from({ length: 60 }, (_, i) => user(A, `message ${i} with the mergemarker`)));
    await h.sync(); // one message per step and per transaction: a segment each
    // FTS5 numbers each page of its data by segment (the rowid's bits from 37 up; rowids up to 10 are its own records).
    const segments = h.db.prepare('SELECT COUNT(DISTINCT id >> 37) FROM session_text_fts_data WHERE id > 10').pluck().get() as number;
    expect(segments).toBeLessThanOrEqual(4);
    expect(h.search('mergemarker').results[0]?.hitCount).toBe(60);
    expect(h.found('message 59')).toEqual([A]);
  });
});
