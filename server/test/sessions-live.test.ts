import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationDetails, ConversationListResponse } from '@cui/contract';
import type { LiveRunInfo } from '../src/context';
import { makeTestDirs, waitFor, type TestDirs } from './helpers';
import { createFakeRuns, iso, startSessionsApp, writeSession, type FakeRuns } from './sessions-fixtures';

let dirs: TestDirs;
let runs: FakeRuns;
let app: FastifyInstance;
let projectsDir: string;

const NEW_SESSION = '11111111-2222-4333-8444-555555555555';

function liveRun(overrides: Partial<LiveRunInfo> = {}): LiveRunInfo {
  return {
    streamingId: 'stream-1', sessionId: NEW_SESSION, workingDirectory: '/w/live', startedAt: iso(30), permissionMode: 'default',
    initialPrompt: '\n  Build the feature  \nwith details', ...overrides,
  };
}

async function list(query = ''): Promise<ConversationListResponse> {
  const response = await app.inject({ url: `/api/conversations${query}` });
  expect(response.statusCode).toBe(200);
  return ConversationListResponse.parse(response.json());
}

beforeEach(() => {
  dirs = makeTestDirs('cui-sessions-live-');
  projectsDir = path.join(dirs.claudeConfigDir, 'projects');
  runs = createFakeRuns();
});
afterEach(async () => {
  await app?.close();
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

describe('live runs in the session list', () => {
  it('shows a run without a transcript as ongoing, and filters, sorts and pages it like any row', async () => {
    const older = writeSession(projectsDir, { cwd: '/w/old', prompt: 'older', startMinute: 10 });
    const newer = writeSession(projectsDir, { cwd: '/w/new', prompt: 'newer', startMinute: 50 });
    app = await startSessionsApp(dirs, runs);
    runs.start(liveRun());

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.conversations.map((c) => c.sessionId)).toEqual([newer.sessionId, NEW_SESSION, older.sessionId]);
    expect(all.conversations[1]).toMatchObject({
      sessionId: NEW_SESSION, status: 'ongoing', streamingId: 'stream-1', summary: 'Build the feature', projectPath: '/w/live',
      createdAt: iso(30), updatedAt: iso(30), messageCount: 0, toolMetrics: { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 },
      sessionInfo: { archived: false, pinned: false, custom_name: '' },
    });
    expect((await list('?limit=1&offset=1')).conversations.map((c) => c.sessionId)).toEqual([NEW_SESSION]);
    expect((await list(`?sessionId=${NEW_SESSION}`)).conversations.map((c) => [c.sessionId, c.status])).toEqual([[NEW_SESSION, 'ongoing']]);
    expect((await list('?projectPath=/w/live')).total).toBe(1);
    expect((await list('?projectPath=/w/old')).conversations.map((c) => c.sessionId)).toEqual([older.sessionId]);
    expect((await list('?archived=false&hasContinuation=false')).total).toBe(3);
    expect((await list('?archived=true')).total).toBe(0);
    expect((await list('?sortBy=created&order=asc')).conversations.map((c) => c.sessionId)).toEqual([older.sessionId, NEW_SESSION, newer.sessionId]);

    // Session info written for it (as the runs feature does) applies to the synthesized row too.
    const update = await app.inject({ method: 'PUT', url: `/api/conversations/${NEW_SESSION}/update`, payload: { archived: true } });
    expect(update.statusCode).toBe(200);
    expect((await list('?archived=true')).conversations.map((c) => c.sessionId)).toEqual([NEW_SESSION]);
    expect((await list('?archived=false')).total).toBe(2);

    const dirsBody = (await app.inject({ url: '/api/working-directories' })).json();
    expect(dirsBody.directories.map((d: { path: string }) => d.path)).toEqual(['/w/new', '/w/live', '/w/old']);

    runs.end(NEW_SESSION);
    expect((await list()).total).toBe(2);
    expect((await app.inject({ method: 'PUT', url: `/api/conversations/${NEW_SESSION}/update`, payload: { pinned: true } })).statusCode).toBe(404);
  });

  it('keeps a session listed when its run ends before the watcher has indexed its new transcript', async () => {
    app = await startSessionsApp(dirs, runs);
    runs.start(liveRun());
    expect((await list()).conversations.map((c) => c.sessionId)).toEqual([NEW_SESSION]);

    // The CLI wrote its transcript during the run, and the run ends right away: the list must not answer in between
    // (no longer live, not yet indexed) without the session.
    writeSession(projectsDir, { cwd: '/w/live', prompt: 'Build the feature', startMinute: 30, sessionId: NEW_SESSION });
    runs.end(NEW_SESSION);
    const after = await list();
    expect(after.conversations.map((c) => [c.sessionId, c.status])).toEqual([[NEW_SESSION, 'completed']]);
  });

  it("indexes the run's own transcript at its start and end, without a sweep of every transcript", async () => {
    const logs: { msg?: string }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as { msg?: string }) });
    const other = writeSession(projectsDir, { cwd: '/w/old', prompt: 'older', startMinute: 10 });
    // No timed safety-net sweep within the test: any sweep logged below came from the run.
    app = await startSessionsApp(dirs, runs, { logger, watch: { sweepIntervalMs: 3_600_000, maxSweepIntervalMs: 3_600_000 } });
    expect((await list()).total).toBe(1);
    const sweeps = () => logs.filter((line) => line.msg === 'transcript sweep done').length;
    const firstSweeps = sweeps();
    expect(firstSweeps).toBe(1);

    runs.start(liveRun({ workingDirectory: '/w/live' }));
    writeSession(projectsDir, { cwd: '/w/live', prompt: 'Build the feature', startMinute: 30, sessionId: NEW_SESSION });
    runs.end(NEW_SESSION);
    expect((await list()).conversations.map((c) => [c.sessionId, c.status])).toEqual([[NEW_SESSION, 'completed'], [other.sessionId, 'completed']]);
    expect(sweeps()).toBe(firstSweeps);
  });

  it('marks an indexed session ongoing with its streamingId while a run is live, once, from its transcript', async () => {
    const session = writeSession(projectsDir, { cwd: '/w/p', prompt: 'resume me', startMinute: 0 });
    app = await startSessionsApp(dirs, runs);
    runs.start(liveRun({ sessionId: session.sessionId, streamingId: 'stream-2', initialPrompt: 'continue' }));
    const { conversations, total } = await list();
    expect(total).toBe(1);
    expect(conversations[0]).toMatchObject({ sessionId: session.sessionId, status: 'ongoing', streamingId: 'stream-2', summary: 'resume me', messageCount: 2 });
    runs.end(session.sessionId);
    const after = (await list()).conversations[0]!;
    expect(after.status).toBe('completed');
    expect(after.streamingId).toBeUndefined();
  });

  it('serves details of a live session before its transcript exists, then from the transcript', async () => {
    app = await startSessionsApp(dirs, runs);
    expect((await app.inject({ url: `/api/conversations/${NEW_SESSION}` })).statusCode).toBe(404);
    runs.start(liveRun({ workingDirectory: '/w/p', model: 'claude-opus-5-5' }));
    const early = ConversationDetails.parse((await app.inject({ url: `/api/conversations/${NEW_SESSION}` })).json());
    expect(early).toEqual({ messages: [], summary: 'Build the feature', projectPath: '/w/p', metadata: { model: 'claude-opus-5-5' } });

    writeSession(projectsDir, { cwd: '/w/p', prompt: 'Build the feature', startMinute: 30, sessionId: NEW_SESSION });
    const later = await waitFor(async () => {
      const body = ConversationDetails.parse((await app.inject({ url: `/api/conversations/${NEW_SESSION}` })).json());
      return body.messages.length === 2 ? body : undefined;
    }, { message: 'transcript picked up' });
    expect(later.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect((await list()).conversations).toHaveLength(1);
  });

  it('shows a resumed run, before the CLI writes its fork, with the resumed session\'s title and messages', async () => {
    const earlier = writeSession(projectsDir, { cwd: '/w/p', prompt: 'fix the typo', startMinute: 0 });
    app = await startSessionsApp(dirs, runs);
    runs.start(liveRun({ workingDirectory: '/w/p', initialPrompt: 'now the tests too', resumedFrom: earlier.sessionId }));

    const row = (await list(`?sessionId=${NEW_SESSION}`)).conversations[0];
    expect(row).toMatchObject({ sessionId: NEW_SESSION, status: 'ongoing', summary: 'fix the typo' });
    const details = ConversationDetails.parse((await app.inject({ url: `/api/conversations/${NEW_SESSION}?limit=200` })).json());
    expect(details.summary).toBe('fix the typo');
    expect(details.messages.map((m) => [m.type, m.message.content])).toEqual([['user', 'fix the typo'], ['assistant', [{ type: 'text', text: 'answer 0' }]]]);
    expect(details.window).toEqual({ before: null });
  });
});
