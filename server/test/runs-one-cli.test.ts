import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { startTestServer, waitFor } from './helpers';
import { cliPidForSession, openStream, postStart, startOk, useRunServer } from './runs-support';

/**
 * One CLI per session (issue 29.16): a start through the API that resumes a session whose run is still live joins
 * that run's queue, as the composer's send does, instead of forking it in a second CLI that never sees the turn.
 */

const ctx = useRunServer();

type Result = Extract<StreamEvent, { type: 'result' }>;
const resultsOf = (events: StreamEvent[]): Result[] => events.filter((event): event is Result => event.type === 'result');

describe('a start that resumes a session whose run is working', () => {
  it("joins the live run's queue: same streamingId and session, answered after the running turn, by the same CLI", async () => {
    const workingDirectory = ctx.newRepo('one-cli');
    const started = await startOk(ctx.server, { workingDirectory, initialPrompt: 'the running turn [gate:one-cli]' });
    const stream = await openStream(ctx.server, started.streamingId);
    // The running turn's reply is held: the run is working while the follow-up comes in.
    await ctx.fake.gates.whenHeld('one-cli');
    const pid = cliPidForSession(ctx.server.dirs.claudeConfigDir, started.sessionId);
    expect(pid).toBeGreaterThan(0);

    const prompt = 'the follow-up through the API [gate:one-cli-next]';
    const followUp = await postStart(ctx.server, { workingDirectory, initialPrompt: prompt, resumedSessionId: started.sessionId });
    expect(followUp).toMatchObject({ status: 200, body: { streamingId: started.streamingId, sessionId: started.sessionId, queued: { text: prompt } } });
    const queued = await stream.next((event) => event.type === 'queue_updated' && event.queued.length === 1);
    expect(queued).toMatchObject({ queued: [{ text: prompt }] });
    // Still one reply waiting: no second CLI asked the model anything.
    expect(ctx.fake.gates.held().map((reply) => reply.gate)).toEqual(['one-cli']);

    ctx.fake.gates.release('one-cli');
    // The follow-up's reply is asked for only after the running turn's result, by the same CLI.
    await ctx.fake.gates.whenHeld('one-cli-next');
    // The CLI asks for the next reply as it writes the first result: the stream may bring that result a moment later.
    await stream.next((event) => event.type === 'result');
    expect(resultsOf(stream.events)).toHaveLength(1);
    expect(cliPidForSession(ctx.server.dirs.claudeConfigDir, started.sessionId)).toBe(pid);
    ctx.fake.gates.release('one-cli-next');
    await stream.ended;

    const results = resultsOf(stream.events);
    expect(results.map((result) => [result.subtype, result.session_id])).toEqual([
      ['success', started.sessionId],
      ['success', started.sessionId],
    ]);
    expect(results[1]?.result).toContain('Echo: "the follow-up through the API [gate:one-cli-next]"');
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });

  it('still forks a session whose run has ended into a new session', async () => {
    const workingDirectory = ctx.newRepo('one-cli-ended');
    const first = await startOk(ctx.server, { workingDirectory, initialPrompt: 'a finished turn' });
    await (await openStream(ctx.server, first.streamingId)).ended;
    const second = await startOk(ctx.server, { workingDirectory, initialPrompt: 'after it ended', resumedSessionId: first.sessionId });
    expect(second.streamingId).not.toBe(first.streamingId);
    expect(second.sessionId).not.toBe(first.sessionId);
    await (await openStream(ctx.server, second.streamingId)).ended;
  });

  it('is refused with 409 and the reason while that run is being stopped, and no second CLI starts on the session', async () => {
    // Stops that wait a minute at each step: the frozen CLI below keeps its run in 'stopping' until it is thawed.
    const wait = 60_000;
    const server = await startTestServer({
      anthropicBaseUrl: ctx.fake.url,
      runOptions: { run: { stopTimings: { interruptMs: wait, termAfterMs: wait, killAfterMs: wait, exitGraceMs: wait } } },
    });
    try {
      const workingDirectory = ctx.newRepo('one-cli-stopping');
      const started = await startOk(server, { workingDirectory, initialPrompt: 'the turn being stopped [gate:one-cli-stopping]' });
      const stream = await openStream(server, started.streamingId);
      await ctx.fake.gates.whenHeld('one-cli-stopping');
      const pid = cliPidForSession(server.dirs.claudeConfigDir, started.sessionId) ?? -1;
      expect(pid).toBeGreaterThan(0);
      process.kill(pid, 'SIGSTOP');

      const stopped = server.api(`/api/conversations/${started.streamingId}/stop`, { method: 'POST' });
      await waitFor(async () => {
        const recent = await (await server.api('/api/logs/recent?limit=1000')).text();
        return recent.includes('stopping run');
      }, { message: "the server to log 'stopping run'" });

      const refused = await postStart(server, { workingDirectory, initialPrompt: 'a follow-up while it stops', resumedSessionId: started.sessionId });
      expect(refused).toEqual({
        status: 409,
        body: { code: 'run.session_busy', error: `Conversation ${started.sessionId} is being stopped: continue it once it has stopped` },
      });
      // The refused follow-up asked the model nothing: the one held reply is still the stopped turn's.
      expect(ctx.fake.gates.held().map((reply) => reply.gate)).toEqual(['one-cli-stopping']);

      process.kill(pid, 'SIGCONT');
      ctx.fake.gates.release('one-cli-stopping');
      expect((await stopped).status).toBe(200);
      await stream.ended;
      expect(stream.events.at(-1)).toMatchObject({ type: 'closed' });
    } finally {
      await server.close();
    }
  });
});
