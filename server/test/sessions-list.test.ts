import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationListResponse, type ConversationSummary } from '@cui/contract';
import { makeTestDirs, startTestServer, waitFor, type TestDirs, type TestServer } from './helpers';
import { iso, writeSession } from './sessions-fixtures';

let dirs: TestDirs;
let server: TestServer;
let projectsDir: string;

async function list(query = ''): Promise<{ conversations: ConversationSummary[]; total: number }> {
  const response = await server.api(`/api/conversations${query}`);
  expect(response.status).toBe(200);
  return ConversationListResponse.parse(await response.json());
}

async function update(sessionId: string, body: Record<string, unknown>): Promise<Response> {
  return server.api(`/api/conversations/${sessionId}/update`, { method: 'PUT', body: JSON.stringify(body) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies checked field by field below
async function json(response: Response | Promise<Response>): Promise<any> {
  return (await response).json();
}

const ids = (rows: ConversationSummary[]): string[] => rows.map((r) => r.sessionId);

beforeEach(() => {
  dirs = makeTestDirs('cui-sessions-');
  projectsDir = path.join(dirs.claudeConfigDir, 'projects');
});
afterEach(async () => {
  await server?.close();
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

describe('GET /api/conversations', () => {
  it('lists every session newest first with its summary, project, counts and default session info', async () => {
    const a = writeSession(projectsDir, { cwd: '/work/alpha-app', prompt: '<system-reminder>ctx</system-reminder>\nFix the login bug\nmore', startMinute: 0, turns: 2 });
    const b = writeSession(projectsDir, { cwd: '/work/beta.lib', prompt: 'Add a cache', startMinute: 10 });
    server = await startTestServer({ dirs });
    const { conversations, total } = await list();
    expect(total).toBe(2);
    expect(ids(conversations)).toEqual([b.sessionId, a.sessionId]);
    expect(conversations[1]).toEqual({
      sessionId: a.sessionId, summary: 'Fix the login bug', createdAt: a.createdAt, updatedAt: a.updatedAt, projectPath: '/work/alpha-app',
      status: 'completed', messageCount: 4, toolMetrics: { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 },
      usage: { inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0 },
      sessionInfo: { custom_name: '', pinned: false, archived: false, continuation_session_id: '', initial_commit_head: '', permission_mode: 'default', notify: true },
    });
    // The project path comes from the transcript's cwd, not the lossy directory name.
    expect(conversations[0]?.projectPath).toBe('/work/beta.lib');
  });

  it('sorts by created or updated time in both directions', async () => {
    // a: created first, updated last (long); b: created second, updated first.
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'a', startMinute: 0, turns: 30 });
    const b = writeSession(projectsDir, { cwd: '/w/p', prompt: 'b', startMinute: 5 });
    server = await startTestServer({ dirs });
    expect(ids((await list('?sortBy=updated&order=desc')).conversations)).toEqual([a.sessionId, b.sessionId]);
    expect(ids((await list('?sortBy=updated&order=asc')).conversations)).toEqual([b.sessionId, a.sessionId]);
    expect(ids((await list('?sortBy=created&order=desc')).conversations)).toEqual([b.sessionId, a.sessionId]);
    expect(ids((await list('?sortBy=created&order=asc')).conversations)).toEqual([a.sessionId, b.sessionId]);
  });

  it('pages with limit and offset without gaps or duplicates, even when times tie', async () => {
    for (let i = 0; i < 23; i++) writeSession(projectsDir, { cwd: `/w/p${i % 3}`, prompt: `task ${i}`, startMinute: i % 4 === 0 ? 100 : i });
    server = await startTestServer({ dirs });
    const all = await list('?limit=500');
    expect(all.total).toBe(23);
    const paged: string[] = [];
    for (let offset = 0; offset < 23; offset += 5) {
      const page = await list(`?limit=5&offset=${offset}`);
      expect(page.total).toBe(23);
      paged.push(...ids(page.conversations));
    }
    expect(paged).toEqual(ids(all.conversations));
    expect(new Set(paged).size).toBe(23);
    expect((await list()).conversations).toHaveLength(20);
  });

  it('filters by project, archived, pinned and continuation, giving the spec tab sets', async () => {
    const s = Array.from({ length: 6 }, (_, i) => writeSession(projectsDir, { cwd: i < 3 ? '/w/one' : '/w/two', prompt: `p${i}`, startMinute: i }));
    server = await startTestServer({ dirs });
    await update(s[0]!.sessionId, { archived: true });
    await update(s[1]!.sessionId, { pinned: true });
    await update(s[2]!.sessionId, { continuationSessionId: s[3]!.sessionId });
    await update(s[4]!.sessionId, { archived: true, continuationSessionId: s[5]!.sessionId });
    const sorted = (rows: ConversationSummary[]): string[] => ids(rows).sort();
    const want = (...n: number[]): string[] => n.map((i) => s[i]!.sessionId).sort();
    expect(sorted((await list('?projectPath=/w/one')).conversations)).toEqual(want(0, 1, 2));
    expect(sorted((await list('?archived=false&hasContinuation=false')).conversations)).toEqual(want(1, 3, 5)); // Tasks
    expect(sorted((await list('?hasContinuation=true')).conversations)).toEqual(want(2, 4)); // History
    expect(sorted((await list('?archived=true')).conversations)).toEqual(want(0, 4)); // Archive
    expect(sorted((await list('?pinned=true')).conversations)).toEqual(want(1));
    expect(sorted((await list('?pinned=false&projectPath=/w/two')).conversations)).toEqual(want(3, 4, 5));
    expect((await list('?archived=true&projectPath=/w/two')).total).toBe(1);
    // Pinned first (the home list's order), then newest first, also across pages.
    await update(s[3]!.sessionId, { pinned: true });
    const tasks = '?archived=false&hasContinuation=false&pinnedFirst=true';
    expect(ids((await list(tasks)).conversations)).toEqual([s[3]!.sessionId, s[1]!.sessionId, s[5]!.sessionId]);
    expect(ids((await list(`${tasks}&limit=1&offset=1`)).conversations)).toEqual([s[1]!.sessionId]);
    expect(ids((await list('?pinnedFirst=true&limit=3')).conversations)).toEqual([s[3]!.sessionId, s[1]!.sessionId, s[5]!.sessionId]);
  });

  it('looks one session up by id, alone, whatever its position in the list', async () => {
    const sessions = Array.from({ length: 5 }, (_, i) => writeSession(projectsDir, { cwd: `/w/p${i % 2}`, prompt: `s${i}`, startMinute: i * 10 }));
    server = await startTestServer({ dirs });
    const target = sessions[1]!;
    const found = await list(`?sessionId=${target.sessionId}&limit=1`);
    expect(found.total).toBe(1);
    expect(ids(found.conversations)).toEqual([target.sessionId]);
    expect(await list('?sessionId=00000000-0000-4000-8000-000000000000')).toEqual({ conversations: [], total: 0 });
  });

  it('rejects bad query values with 400', async () => {
    server = await startTestServer({ dirs });
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?sortBy=name', '?order=up', '?archived=yes', '?limit=501']) {
      const response = await server.api(`/api/conversations${query}`);
      expect(response.status, query).toBe(400);
      expect((await json(response)).code).toBe('validation.failed');
    }
  });

  it('shows appended lines, new transcripts and deletions without a restart', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'first', startMinute: 0 });
    server = await startTestServer({ dirs });
    expect((await list()).conversations[0]?.messageCount).toBe(2);
    const lines = fs.readFileSync(a.filePath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const last = lines.filter((l) => l.type === 'assistant').at(-1)!;
    fs.appendFileSync(a.filePath, `${JSON.stringify({ ...last, uuid: 'appended-1', parentUuid: last.uuid, timestamp: iso(500) })}\n`);
    const row = await waitFor(async () => (await list()).conversations.find((c) => c.messageCount === 3), { message: 'appended line indexed' });
    expect(row.updatedAt).toBe(iso(500));

    const b = writeSession(projectsDir, { cwd: '/w/new-project', prompt: 'second', startMinute: 600 });
    await waitFor(async () => (await list()).conversations[0]?.sessionId === b.sessionId, { message: 'new transcript indexed' });
    fs.rmSync(a.filePath);
    await waitFor(async () => (await list()).total === 1, { message: 'deleted transcript removed' });
  });

  it('re-indexes a transcript that was truncated, rewritten in place or replaced by another file', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'long one', startMinute: 0, turns: 5 });
    server = await startTestServer({ dirs });
    expect((await list()).conversations[0]).toMatchObject({ summary: 'long one', messageCount: 10 });

    // Truncated: smaller than what was indexed.
    const short = writeSession(projectsDir, { cwd: '/w/p', prompt: 'short one', startMinute: 0, turns: 1, sessionId: a.sessionId });
    expect(short.filePath).toBe(a.filePath);
    await waitFor(async () => (await list()).conversations[0]?.summary === 'short one', { message: 'truncated file re-indexed' });
    expect((await list()).conversations[0]?.messageCount).toBe(2);

    // Rewritten in place (same inode), longer, with a different beginning.
    const text = fs.readFileSync(writeSession(path.join(dirs.root, 'scratch'), { cwd: '/w/p', prompt: 'rewritten', startMinute: 0, turns: 3 }).filePath);
    fs.writeFileSync(a.filePath, text, { flag: 'r+' });
    await waitFor(async () => (await list()).conversations[0]?.summary === 'rewritten', { message: 'rewritten file re-indexed' });
    expect((await list()).conversations[0]?.messageCount).toBe(6);

    // Replaced by another file (new inode) renamed over it.
    const other = writeSession(path.join(dirs.root, 'scratch2'), { cwd: '/w/q', prompt: 'replacement', startMinute: 0, turns: 4 });
    fs.renameSync(other.filePath, a.filePath);
    await waitFor(async () => (await list()).conversations[0]?.summary === 'replacement', { message: 'replaced file re-indexed' });
    expect((await list()).conversations[0]).toMatchObject({ messageCount: 8, projectPath: '/w/q' });
    expect((await list()).total).toBe(1);
  });

  it('lists a session id found in two project directories once, and the other file once the first is gone', async () => {
    const first = writeSession(projectsDir, { cwd: '/w/one', prompt: 'first copy', startMinute: 0 });
    server = await startTestServer({ dirs });
    writeSession(projectsDir, { cwd: '/w/two', prompt: 'second copy', startMinute: 5, sessionId: first.sessionId });
    // A later change to the first copy shows once the sweep that saw the second copy has run.
    const line = JSON.parse(fs.readFileSync(first.filePath, 'utf8').split('\n')[1]!) as Record<string, unknown>;
    fs.appendFileSync(first.filePath, `${JSON.stringify({ ...line, uuid: 'later', timestamp: iso(9) })}\n`);
    await waitFor(async () => (await list()).conversations[0]?.messageCount === 3, { message: 'first copy updated' });
    expect((await list()).total).toBe(1);
    expect((await list()).conversations[0]).toMatchObject({ summary: 'first copy', projectPath: '/w/one' });
    fs.rmSync(first.filePath);
    await waitFor(async () => (await list()).conversations[0]?.summary === 'second copy', { message: 'second copy indexed after the first went away' });
    expect((await list()).total).toBe(1);
  });

  it('skips malformed, non-UTF-8 and half-written lines, and counts a half line once it is completed', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'tolerant', startMinute: 0 });
    const line = JSON.parse(fs.readFileSync(a.filePath, 'utf8').split('\n')[1]!) as Record<string, unknown>;
    const extra = JSON.stringify({ ...line, uuid: 'late-1', timestamp: iso(90) });
    fs.appendFileSync(a.filePath, '{"type":"user","message":{"role":"us\n');
    fs.appendFileSync(a.filePath, Buffer.concat([Buffer.from('{"type":"user","x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]));
    fs.appendFileSync(a.filePath, 'not json at all\n[1,2]\n');
    fs.appendFileSync(a.filePath, extra.slice(0, 40));
    server = await startTestServer({ dirs });
    expect((await list()).conversations[0]?.messageCount).toBe(2);
    fs.appendFileSync(a.filePath, `${extra.slice(40)}\n`);
    await waitFor(async () => (await list()).conversations[0]?.messageCount === 3, { message: 'completed line counted' });
    expect((await list()).conversations[0]?.updatedAt).toBe(iso(90));
    const details = await json(server.api(`/api/conversations/${a.sessionId}`));
    expect(details.messages).toHaveLength(3);
  });
});

describe('session info', () => {
  it('renames, pins and archives, and keeps them and the index across a restart', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'original prompt', startMinute: 0 });
    server = await startTestServer({ dirs });
    const response = await update(a.sessionId, { customName: '  My task  ', pinned: true, archived: true, initialCommitHead: 'abc1234', permissionMode: 'plan' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ success: true, sessionInfo: { custom_name: 'My task', pinned: true, archived: true, initial_commit_head: 'abc1234', permission_mode: 'plan' } });
    await server.close();

    // Rewrite the transcript in place with the same size and mtime: an index that is reused does not re-read it.
    const stat = fs.statSync(a.filePath);
    const text = fs.readFileSync(a.filePath, 'utf8');
    fs.writeFileSync(a.filePath, text.replace('original prompt', 'ORIGINAL PROMPT'), { flag: 'r+' });
    fs.utimesSync(a.filePath, stat.atime, stat.mtime);

    server = await startTestServer({ dirs });
    const row = (await list()).conversations[0]!;
    expect(row.sessionInfo).toMatchObject({ custom_name: 'My task', pinned: true, archived: true, initial_commit_head: 'abc1234', permission_mode: 'plan' });
    expect(row.summary).toBe('original prompt');
    expect((await json(update(a.sessionId, { customName: '' }))).sessionInfo.custom_name).toBe('');
    expect((await json(update(a.sessionId, { pinned: false }))).sessionInfo).toMatchObject({ pinned: false, archived: true, custom_name: '' });
  });

  it('mutes and unmutes a session (notify), every session notifying by default, in the update answer and the list', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'muted one', startMinute: 0 });
    const b = writeSession(projectsDir, { cwd: '/w/p', prompt: 'never touched', startMinute: 1 });
    server = await startTestServer({ dirs });
    expect((await json(update(a.sessionId, { notify: false }))).sessionInfo).toMatchObject({ notify: false });
    const notifyOf = async (id: string) => (await list()).conversations.find((row) => row.sessionId === id)?.sessionInfo.notify;
    expect(await notifyOf(a.sessionId)).toBe(false);
    expect(await notifyOf(b.sessionId)).toBe(true);
    expect((await json(update(a.sessionId, { notify: true }))).sessionInfo).toMatchObject({ notify: true });
    expect(await notifyOf(a.sessionId)).toBe(true);
    expect((await update(a.sessionId, { notify: 'no' })).status).toBe(400);
  });

  it('answers 400 for bad values and 404 for unknown sessions', async () => {
    const a = writeSession(projectsDir, { cwd: '/w/p', prompt: 'x', startMinute: 0 });
    server = await startTestServer({ dirs });
    const cases: [string, unknown, number][] = [
      [a.sessionId, { customName: 'x'.repeat(201) }, 400],
      [a.sessionId, { pinned: 'yes' }, 400],
      [a.sessionId, { permissionMode: 'always' }, 400],
      [a.sessionId, { unknownField: 1 }, 400],
      ['not-a-uuid', { pinned: true }, 400],
      ['00000000-0000-4000-8000-000000000000', { pinned: true }, 404],
    ];
    for (const [id, body, status] of cases) {
      const response = await update(id, body as Record<string, unknown>);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(await json(response)).sort()).toEqual(['code', 'error']);
    }
    expect((await json(update(a.sessionId, { customName: 'x'.repeat(200) }))).sessionInfo.custom_name).toHaveLength(200);
    expect((await server.api('/api/conversations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('archive-all archives every unarchived session and says how many', async () => {
    const s = Array.from({ length: 4 }, (_, i) => writeSession(projectsDir, { cwd: '/w/p', prompt: `p${i}`, startMinute: i }));
    server = await startTestServer({ dirs });
    await update(s[0]!.sessionId, { archived: true });
    const response = await server.api('/api/conversations/archive-all', { method: 'POST' });
    expect(await response.json()).toEqual({ success: true, archivedCount: 3, message: 'Successfully archived 3 sessions' });
    expect((await list('?archived=false')).total).toBe(0);
    expect((await list('?archived=true')).total).toBe(4);
    expect(await json(server.api('/api/conversations/archive-all', { method: 'POST' }))).toMatchObject({ archivedCount: 0, message: 'Successfully archived 0 sessions' });
    await update(s[1]!.sessionId, { archived: false });
    expect(await json(server.api('/api/conversations/archive-all', { method: 'POST' }))).toMatchObject({ archivedCount: 1, message: 'Successfully archived 1 session' });
  });
});

describe('GET /api/working-directories', () => {
  it('lists project paths most recent first with unique short names and counts', async () => {
    writeSession(projectsDir, { cwd: '/home/alice/project', prompt: 'a', startMinute: 0 });
    writeSession(projectsDir, { cwd: '/home/alice/project', prompt: 'b', startMinute: 50 });
    writeSession(projectsDir, { cwd: '/home/bob/project', prompt: 'c', startMinute: 20 });
    writeSession(projectsDir, { cwd: '/srv/api', prompt: 'd', startMinute: 10 });
    server = await startTestServer({ dirs });
    const body = await json(server.api('/api/working-directories'));
    expect(body).toEqual({
      totalCount: 3,
      directories: [
        { path: '/home/alice/project', shortname: 'alice/project', lastDate: iso(50.5), conversationCount: 2 },
        { path: '/home/bob/project', shortname: 'bob/project', lastDate: iso(20.5), conversationCount: 1 },
        { path: '/srv/api', shortname: 'api', lastDate: iso(10.5), conversationCount: 1 },
      ],
    });
  });
});
