import path from 'node:path';
import { McpServersResponse } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { createGatedIndexPool, type GatedIndexPool } from './gated-index-pool';
import { startTestServer, type TestServer } from './helpers';
import { getJson, openStream, startOk } from './runs-support';
import { writeSession } from './sessions-fixtures';

/**
 * A conversation whose run just ended is no longer live and may not be indexed yet: the routes that act on its folder
 * (MCP, files, git, changes, terminal) wait for the index to catch up rather than answer 404 `session.not_found`.
 * The index reads through a gated pool: a sync of other sessions held at its gate keeps the index queue busy, so the
 * run starts and ends while its transcript is certainly not indexed.
 */
let fake: FakeAnthropic;
let server: TestServer;
let gate: GatedIndexPool;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  gate = createGatedIndexPool({ parallelism: 1 });
  server = await startTestServer({ anthropicBaseUrl: fake.url, indexPool: gate.pool });
});
afterAll(async () => {
  gate.allow(Infinity);
  await server?.close();
  await fake?.close();
});

describe('the workspace of a conversation whose run just ended', () => {
  it('waits for the index instead of answering session.not_found', async () => {
    // Enough new transcripts for the watcher's sync to read them in the (gated) pool rather than in-thread.
    const projectsDir = path.join(server.dirs.claudeConfigDir, 'projects');
    for (let i = 0; i < 20; i++) writeSession(projectsDir, { cwd: `/work/other${i}`, prompt: `other ${i}`, startMinute: i });
    await gate.whenWaiting(1);
    const repo = makeRepo(path.join(server.dirs.work, 'after-run'));
    const run = await startOk(server, { workingDirectory: repo, initialPrompt: 'hello' });
    const stream = await openStream(server, run.streamingId);
    await stream.ended;
    // The sweeps of the run's start and end wait behind the held sync: the session is neither live nor indexed.
    let answered = false;
    const pending = getJson(server, `/api/conversations/${run.sessionId}/mcp`).finally(() => (answered = true));
    // A later request on the same server has been answered; the first still waits for the index.
    expect((await getJson(server, '/api/conversations/version')).status).toBe(200);
    expect(answered).toBe(false);
    gate.allow(Infinity);
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(McpServersResponse.parse(body)).toMatchObject({ live: false, servers: [] });
  });
});
