import path from 'node:path';
import { ConversationListResponse } from '@cui/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { isAlive, makeRepo, spawnClaude, type ClaudeRun } from '../../fake-model/test-support';
import { createLogBuffer } from '../src/platform/log-buffer';
import { startTestServer, testChildEnv, waitFor, type TestServer } from './helpers';
import { follow, messagesOf, textOf } from './follow-reader';
import { cliPidForSession, startOk } from './runs-support';

/**
 * Issue 18 point 4: a CLI started OUTSIDE the server (as in a terminal), with the server's config directory, is
 * followed live: its prompt reaches the follow stream while the model is still held, its answer after.
 */

let fake: FakeAnthropic;
let server: TestServer;
const logBuffer = createLogBuffer();
const started: ClaudeRun[] = [];

beforeAll(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fake.url, logBuffer, followOptions: { heartbeatMs: 100, activityCheckMs: 100 } });
});
afterEach(() => {
  for (const run of started.splice(0)) run.kill();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function listed(sessionId: string) {
  const response = await server.api(`/api/conversations?sessionId=${sessionId}`);
  return ConversationListResponse.parse(await response.json()).conversations[0];
}

describe('following a session run in a terminal', () => {
  it('streams its prompt while the CLI works and its answer after, and lists it as active in terminal, then not', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'terminal'));
    const run = spawnClaude({ cwd: repo, env: testChildEnv(server.dirs, fake.url), args: ['-p', 'hello from the terminal [gate:term]'] });
    started.push(run);
    await fake.gates.whenHeld('term', 0);
    const init = await waitFor(() => run.events.find((event) => event.type === 'system' && event.subtype === 'init'));
    const sessionId = String(init.session_id);

    const row = await waitFor(async () => {
      const found = await listed(sessionId);
      return found?.liveSource === 'terminal' ? found : undefined;
    }, { message: 'listed as active in terminal' });
    expect(row).toMatchObject({ status: 'ongoing', liveSource: 'terminal' });
    expect(row.streamingId).toBeUndefined();

    const { status, reader } = await follow(server, sessionId, 0);
    expect(status).toBe(200);
    expect(reader.events[0] ?? (await reader.next((e) => e.type === 'connected'))).toMatchObject({ type: 'connected', sessionId, offset: 0, activeInTerminal: true });
    await waitFor(() => messagesOf(reader.events).some((m) => m.type === 'user' && textOf(m.message.content).includes('hello from the terminal')), { message: 'user message followed' });
    // The model is still held: nothing has answered yet, and the CLI is still running.
    expect(messagesOf(reader.events).filter((m) => m.type === 'assistant')).toEqual([]);
    expect(isAlive(run.pid)).toBe(true);
    // Nothing may be sent into a session another process holds: resuming it is refused while the terminal has it.
    const refused = await server.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: repo, initialPrompt: 'me too', resumedSessionId: sessionId }) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'session.active_in_terminal' });

    fake.gates.release('term', 0);
    await waitFor(() => messagesOf(reader.events).some((m) => m.type === 'assistant' && textOf(m.message.content).includes('Echo')), { message: 'answer followed' });
    const user = messagesOf(reader.events).find((m) => m.type === 'user');
    const answer = messagesOf(reader.events).find((m) => m.type === 'assistant');
    expect(answer?.parentUuid).toBe(user?.uuid);
    expect(new Set(messagesOf(reader.events).map((m) => m.uuid)).size).toBe(messagesOf(reader.events).length);

    expect((await run.exited).code).toBe(0);
    await reader.next((e) => e.type === 'activity' && !e.activeInTerminal);
    const after = await listed(sessionId);
    expect(after).toMatchObject({ status: 'completed' });
    expect(after?.liveSource).toBeUndefined();
    expect(reader.lines.some((line) => line.startsWith(':'))).toBe(true);

    // The follower went away: the server drops its timers and listener.
    reader.close();
    await waitFor(() => logBuffer.recent(200).some((line) => line.includes('follower disconnected') && line.includes(sessionId)), { message: 'follower cleaned up' });
  });

  it("never counts the console's own run as a terminal's, while it runs or after", async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'console'));
    const { sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'from the console [gate:own]' });
    await fake.gates.whenHeld('own', 0);
    await waitFor(() => cliPidForSession(server.dirs.claudeConfigDir, sessionId), { message: 'registry entry of our CLI' });
    const during = await listed(sessionId);
    expect(during).toMatchObject({ status: 'ongoing' });
    expect(during?.streamingId).toBeDefined();
    expect(during?.liveSource).toBeUndefined();
    // Followable once the index has its transcript.
    const { status, reader } = await waitFor(async () => {
      const attempt = await follow(server, sessionId, 0);
      return attempt.status === 200 ? attempt : undefined;
    }, { message: 'transcript indexed' });
    expect(status).toBe(200);
    expect(await reader.next((e) => e.type === 'connected')).toMatchObject({ activeInTerminal: false });
    fake.gates.release('own', 0);
    await waitFor(async () => (await listed(sessionId))?.status === 'completed', { message: 'run ended' });
    expect((await listed(sessionId))?.liveSource).toBeUndefined();
    expect(reader.events.filter((e) => e.type === 'activity')).toEqual([]);
    reader.close();
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    const unknown = await server.api('/api/conversations/0b7c2a4e-1111-4222-8333-444455556666/follow');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'session.not_found' });
    const malformed = await server.api('/api/conversations/not-a-session/follow');
    expect(malformed.status).toBe(400);
  });
});
