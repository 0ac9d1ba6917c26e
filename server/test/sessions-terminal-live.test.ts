import path from 'node:path';
import { ConversationListResponse, ListVersionResponse } from '@cui/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo, spawnClaude, type ClaudeRun } from '../../fake-model/test-support';
import { follow, messagesOf, textOf } from './follow-reader';
import { startTestServer, testChildEnv, waitFor, type TestServer } from './helpers';

/**
 * Issue 18 point 4, follow-ups: pages already open learn about a terminal CLI without a reload. The home list polls
 * GET /api/conversations/version and reloads when it changes; an open conversation of an idle session holds its
 * follow stream, which says when a terminal CLI picks the session up.
 */

let fake: FakeAnthropic;
let server: TestServer;
const started: ClaudeRun[] = [];

beforeAll(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fake.url, followOptions: { heartbeatMs: 100, activityCheckMs: 100 } });
});
afterEach(() => {
  for (const run of started.splice(0)) run.kill();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function version(): Promise<string> {
  const response = await server.api('/api/conversations/version');
  expect(response.status).toBe(200);
  return ListVersionResponse.parse(await response.json()).version;
}

async function listed(sessionId: string) {
  const response = await server.api(`/api/conversations?sessionId=${sessionId}`);
  return ConversationListResponse.parse(await response.json()).conversations[0];
}

function terminal(repo: string, args: string[]): ClaudeRun {
  const run = spawnClaude({ cwd: repo, env: testChildEnv(server.dirs, fake.url), args });
  started.push(run);
  return run;
}

const sessionOf = async (run: ClaudeRun): Promise<string> =>
  String((await waitFor(() => run.events.find((event) => event.type === 'system' && event.subtype === 'init'))).session_id);

describe('pages open before a terminal CLI starts', () => {
  it("the list version changes when a terminal CLI starts a session and when it stops, and not while nothing happens", async () => {
    const before = await version();
    expect(await version()).toBe(before);
    const run = terminal(makeRepo(path.join(server.dirs.work, 'list')), ['-p', 'new in the terminal [gate:listv]']);
    await fake.gates.whenHeld('listv', 0);
    const sessionId = await sessionOf(run);
    // What a polling page does: a new version, then the reload lists the session as active in terminal.
    await waitFor(async () => (await version()) !== before, { message: 'version changed after the terminal started' });
    const row = await waitFor(async () => {
      const found = await listed(sessionId);
      return found?.liveSource === 'terminal' ? found : undefined;
    }, { message: 'listed as active in terminal' });
    expect(row.status).toBe('ongoing');

    const during = await version();
    fake.gates.release('listv', 0);
    expect((await run.exited).code).toBe(0);
    await waitFor(async () => (await listed(sessionId))?.liveSource === undefined, { message: 'no longer active in terminal' });
    expect(await version()).not.toBe(during);
    expect(await listed(sessionId)).toMatchObject({ status: 'completed' });
  });

  it('the follow stream of an idle session says when a terminal CLI resumes it, then streams what it writes', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'resume'));
    const first = terminal(repo, ['-p', 'first turn']);
    const sessionId = await sessionOf(first);
    expect((await first.exited).code).toBe(0);
    await waitFor(async () => (await listed(sessionId))?.status === 'completed', { message: 'indexed and completed' });

    // A conversation view opened now: the session is idle.
    const { status, reader } = await follow(server, sessionId);
    expect(status).toBe(200);
    expect(await reader.next((e) => e.type === 'connected')).toMatchObject({ activeInTerminal: false });

    // The CLI's -p --resume keeps the session id and appends to its transcript.
    const resumed = terminal(repo, ['-p', 'second turn [gate:resumev]', '--resume', sessionId]);
    await fake.gates.whenHeld('resumev', 0);
    await reader.next((e) => e.type === 'activity' && e.activeInTerminal);
    await waitFor(() => messagesOf(reader.events).some((m) => m.type === 'user' && textOf(m.message.content).includes('second turn')), { message: 'resumed prompt followed' });
    expect(await listed(sessionId)).toMatchObject({ status: 'ongoing', liveSource: 'terminal' });

    fake.gates.release('resumev', 0);
    expect((await resumed.exited).code).toBe(0);
    await reader.next((e) => e.type === 'activity' && !e.activeInTerminal);
    expect(messagesOf(reader.events).some((m) => m.type === 'assistant' && textOf(m.message.content).includes('second turn'))).toBe(true);
    reader.close();
  });
});
