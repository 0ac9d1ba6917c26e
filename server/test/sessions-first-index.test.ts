import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationListResponse, ListVersionResponse, SearchResponse } from '@cui/contract';
import { createGatedIndexPool, type GatedIndexPool } from './gated-index-pool';
import { makeTestDirs, startTestServer, waitFor, type TestDirs, type TestServer } from './helpers';
import { writeSession } from './sessions-fixtures';

/**
 * Issue 11 point 5: during a first index (empty index), the first list page is answered as soon as it is proven to be
 * the page the finished index gives. The index reads through a gated pool, so the sweep is held at a known point.
 */
let dirs: TestDirs;
let server: TestServer;
let gate: GatedIndexPool;

beforeEach(() => {
  dirs = makeTestDirs('cui-first-index-');
  gate = createGatedIndexPool({ parallelism: 1 });
});
afterEach(async () => {
  gate.allow(Infinity);
  await server?.close();
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

/** 30 sessions an hour apart, each file's mtime a second after its last line (as the CLI leaves it). */
function writeCorpus(): { sessionId: string; filePath: string }[] {
  const projectsDir = path.join(dirs.claudeConfigDir, 'projects');
  return Array.from({ length: 30 }, (_, i) => {
    const session = writeSession(projectsDir, { cwd: `/work/p${i % 3}`, prompt: `task ${i}`, startMinute: i * 60, turns: 2 });
    const mtime = (Date.parse(session.updatedAt) + 1000) / 1000;
    fs.utimesSync(session.filePath, mtime, mtime);
    return session;
  });
}

async function list(query: string): Promise<ConversationListResponse> {
  const response = await server.api(`/api/conversations${query}`);
  expect(response.status).toBe(200);
  return ConversationListResponse.parse(await response.json());
}

async function version(): Promise<string> {
  return ListVersionResponse.parse(await (await server.api('/api/conversations/version')).json()).version;
}

const FIRST_PAGE = '?limit=20&sortBy=updated&order=desc&archived=false&hasContinuation=false&pinnedFirst=true';

describe('the first index', () => {
  it('answers the first page while the sweep is held, the same page the finished index gives, and moves the list version when it ends', async () => {
    writeCorpus();
    server = await startTestServer({ dirs, indexPool: gate.pool });
    // The 25 newest transcripts are read and saved (one batch); the sweep then waits at the gate for the other 5.
    gate.allow(25);
    let ascending: ConversationListResponse | undefined;
    const ascendingRequest = list('?limit=20&sortBy=updated&order=asc').then((r) => (ascending = r));
    const early = await list(FIRST_PAGE);
    expect(gate.waiting()).toBeGreaterThan(0);
    expect(early.indexing).toBe(true);
    expect(early.conversations.map((c) => c.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `task ${29 - i}`));
    // An upper bound while indexing: the 25 saved plus the 5 not read.
    expect(early.total).toBe(30);
    // A page that cannot be proven (ascending: its first rows are the oldest, not read yet) waits for the sweep.
    const during = await version();
    expect(ascending).toBeUndefined();
    // The second page (rows 21 to 30) cannot be full of saved rows yet: it waits too.
    let second: ConversationListResponse | undefined;
    const secondRequest = list(`${FIRST_PAGE.replace('limit=20', 'limit=10')}&offset=20`).then((r) => (second = r));
    await version();
    expect(second).toBeUndefined();

    gate.allow(Infinity);
    await waitFor(async () => (await version()) !== during, { message: 'the list version moved when the first index ended' });
    const final = await list(FIRST_PAGE);
    expect(final.indexing).toBeUndefined();
    expect(final.total).toBe(30);
    expect(final.conversations).toEqual(early.conversations);
    await ascendingRequest;
    await secondRequest;
    expect(ascending?.indexing).toBeUndefined();
    expect(ascending?.conversations[0]?.summary).toBe('task 0');
    expect(second?.conversations.map((c) => c.summary)).toEqual(Array.from({ length: 10 }, (_, i) => `task ${9 - i}`));
  });

  it("answers a saved session's own row and details while the sweep is held, and waits for one not read yet", async () => {
    const sessions = writeCorpus();
    server = await startTestServer({ dirs, indexPool: gate.pool });
    gate.allow(25);
    await gate.whenWaiting(2);
    const newest = sessions.at(-1)?.sessionId ?? '';
    const own = await list(`?sessionId=${newest}`);
    expect(own).toMatchObject({ total: 1, indexing: true, conversations: [{ sessionId: newest, summary: 'task 29' }] });
    const details = await server.api(`/api/conversations/${newest}?limit=2`);
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ summary: 'task 29', projectPath: '/work/p2' });
    let oldest: ConversationListResponse | undefined;
    const request = list(`?sessionId=${sessions[0]?.sessionId}`).then((r) => (oldest = r));
    await version();
    expect(oldest).toBeUndefined();
    gate.allow(Infinity);
    await request;
    // Answered once its file was saved (the sweep's last batch), whether or not the sweep had ended by then.
    expect(oldest).toMatchObject({ total: 1, conversations: [{ summary: 'task 0' }] });
  });

  it('answers a search while the sweep is held, from what is saved so far, without waiting for the sweep', async () => {
    writeCorpus();
    server = await startTestServer({ dirs, indexPool: gate.pool });
    gate.allow(25);
    await gate.whenWaiting(2);
    // Two characters: the literal scan over the saved messages (the word index catches up after the sweep).
    const response = await server.api('/api/search?q=ta&limit=50');
    expect(response.status).toBe(200);
    const body = SearchResponse.parse(await response.json());
    expect(gate.waiting()).toBeGreaterThan(0);
    expect(body.total).toBe(25);
    expect(body.results.map((r) => r.summary)).toContain('task 29');
    expect(body.results.map((r) => r.summary)).not.toContain('task 0');
  });

  /** Holds the sweep after 25 files and expects the early first page to be the finished index's. */
  async function expectEarlyExactFirstPage(newestFirst: string[]): Promise<void> {
    server = await startTestServer({ dirs, indexPool: gate.pool });
    gate.allow(25);
    const early = await list(FIRST_PAGE);
    expect(gate.waiting()).toBeGreaterThan(0);
    expect(early.indexing).toBe(true);
    expect(early.conversations.map((c) => c.summary)).toEqual(newestFirst.slice(0, 20));
    gate.allow(Infinity);
    const during = early.indexing;
    await waitFor(async () => (await list(FIRST_PAGE)).indexing === undefined, { message: 'the first index ended' });
    const final = await list(FIRST_PAGE);
    expect(during).toBe(true);
    expect(final.conversations).toEqual(early.conversations);
  }

  it('answers an early, exact first page when every file carries the same mtime (a copied history), placing files by their tails', async () => {
    const sessions = writeCorpus();
    const copied = Date.parse('2026-06-01T00:00:00.000Z') / 1000;
    for (const session of sessions) fs.utimesSync(session.filePath, copied, copied);
    await expectEarlyExactFirstPage(Array.from({ length: 30 }, (_, i) => `task ${29 - i}`));
  });

  it('answers an early, exact first page when a transcript is dated after its mtime: it only takes its own place', async () => {
    writeCorpus();
    // The newest transcript's file is dated an hour before its last line (a copy that kept an older mtime).
    const projectsDir = path.join(dirs.claudeConfigDir, 'projects');
    const skewed = writeSession(projectsDir, { cwd: '/work/skewed', prompt: 'skewed', startMinute: 40 * 60, turns: 2 });
    const mtime = (Date.parse(skewed.updatedAt) - 3_600_000) / 1000;
    fs.utimesSync(skewed.filePath, mtime, mtime);
    await expectEarlyExactFirstPage(['skewed', ...Array.from({ length: 30 }, (_, i) => `task ${29 - i}`)]);
  });
});
