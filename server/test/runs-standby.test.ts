import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { ConversationSummary } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { createEventBus, type DomainEvents } from '../src/platform/bus';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { cliPidForSession, getJson, openStream, postJson, startOk } from './runs-support';

/**
 * Faster follow-ups (issue 18): a completed run leaves a standby CLI that resumes its session; a follow-up with the
 * same settings takes it, any other one starts cold, and the standby never outlives stop, idle time or shutdown.
 */

const bus = createEventBus(pino({ level: 'silent' }));
const ended: DomainEvents['run.ended'][] = [];
bus.subscribe('run.ended', (fact) => ended.push(fact));

let fake: FakeAnthropic;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fake.url, bus });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every CLI of this server's config directory that is running now (the CLI keeps sessions/<pid>.json while it runs). */
function liveCliPids(claudeConfigDir: string): number[] {
  const dir = path.join(claudeConfigDir, 'sessions');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const pids = names.flatMap((name) => (/^\d+\.json$/.test(name) ? [Number.parseInt(name, 10)] : []));
  return pids.filter(isAlive);
}

async function runToEnd(target: TestServer, body: Record<string, unknown>) {
  const started = await startOk(target, body);
  const stream = await openStream(target, started.streamingId);
  await stream.ended;
  return { ...started, events: stream.events };
}

/** A completed run and the standby CLI it left (the CLI running once the run ended that was not running before). */
async function completedWithStandby(target: TestServer, repo: string, prompt: string) {
  const before = new Set(liveCliPids(target.dirs.claudeConfigDir));
  const first = await runToEnd(target, { workingDirectory: repo, initialPrompt: prompt });
  const standbyPid = await waitFor(() => liveCliPids(target.dirs.claudeConfigDir).find((pid) => !before.has(pid)), { message: 'standby CLI running' });
  return { first, standbyPid };
}

async function listed(sessionId: string): Promise<ConversationSummary> {
  return waitFor(async () => {
    const { body } = await getJson(server, `/api/conversations?limit=100&sessionId=${sessionId}`);
    return (body.conversations as ConversationSummary[]).find((c) => c.sessionId === sessionId);
  }, { message: `session ${sessionId} listed` });
}

describe('standby CLI for follow-ups', () => {
  it('serves a follow-up with the same settings: a new forked session on the waiting process, one run.ended per run', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'standby-take'));
    const { first, standbyPid } = await completedWithStandby(server, repo, 'hello standby');
    expect(first.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    // While the standby waits, the session is finished in the list, and it has no transcript of its own.
    expect((await listed(first.sessionId)).status).toBe('completed');
    expect(fs.readdirSync(path.join(server.dirs.claudeConfigDir, 'projects'), { recursive: true }).filter((f) => String(f).endsWith('.jsonl'))).toHaveLength(1);

    const follow = await startOk(server, { workingDirectory: repo, initialPrompt: 'and a follow-up [gate:standby-follow]', resumedSessionId: first.sessionId });
    expect(follow.sessionId).not.toBe(first.sessionId);
    await fake.gates.whenHeld('standby-follow');
    expect(cliPidForSession(server.dirs.claudeConfigDir, follow.sessionId)).toBe(standbyPid);
    expect((await listed(follow.sessionId)).status).toBe('ongoing');
    fake.gates.release('standby-follow');
    const stream = await openStream(server, follow.streamingId);
    await stream.ended;
    const result = stream.events.find((event) => event.type === 'result');
    expect(String((result as { result?: string }).result)).toContain('Echo: "and a follow-up [gate:standby-follow]"');
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    await waitFor(() => ended.some((fact) => fact.sessionId === follow.sessionId), { message: 'run.ended of the follow-up' });
    expect(ended.filter((fact) => fact.sessionId === first.sessionId).map((fact) => fact.reason)).toEqual(['completed']);
    expect(ended.filter((fact) => fact.sessionId === follow.sessionId).map((fact) => fact.reason)).toEqual(['completed']);
    await postJson(server, `/api/conversations/${follow.sessionId}/stop`);
  });

  it('asks for tool permissions on the standby like any run', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'standby-permission'));
    const { first, standbyPid } = await completedWithStandby(server, repo, 'hello permission');
    const follow = await startOk(server, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt', resumedSessionId: first.sessionId });
    expect(cliPidForSession(server.dirs.claudeConfigDir, follow.sessionId)).toBe(standbyPid);
    const stream = await openStream(server, follow.streamingId);
    const request = await stream.next((event) => event.type === 'permission_request');
    if (request.type !== 'permission_request') throw new Error('unreachable');
    expect(request.data).toMatchObject({ toolName: 'Edit', streamingId: follow.streamingId });
    expect(await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' })).toMatchObject({ status: 200 });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    await postJson(server, `/api/conversations/${follow.sessionId}/stop`);
  });

  it('starts a follow-up with another permission mode cold and ends the standby', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'standby-mode'));
    const { first, standbyPid } = await completedWithStandby(server, repo, 'hello mode');
    const follow = await startOk(server, { workingDirectory: repo, initialPrompt: 'in another mode [gate:standby-mode]', resumedSessionId: first.sessionId, permissionMode: 'acceptEdits' });
    await fake.gates.whenHeld('standby-mode');
    const pid = cliPidForSession(server.dirs.claudeConfigDir, follow.sessionId);
    expect(pid).toBeDefined();
    expect(pid).not.toBe(standbyPid);
    await waitFor(() => !isAlive(standbyPid), { message: 'standby ended' });
    fake.gates.release('standby-mode');
    const stream = await openStream(server, follow.streamingId);
    await stream.ended;
    expect(stream.events.find((event) => event.type === 'system_init')).toMatchObject({ permissionMode: 'acceptEdits' });
    await postJson(server, `/api/conversations/${follow.sessionId}/stop`);
  });

  it('starts cold when the session history changed after the standby started (another CLI resumed it meanwhile)', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'standby-history'));
    const { first, standbyPid } = await completedWithStandby(server, repo, 'hello history');
    const projects = path.join(server.dirs.claudeConfigDir, 'projects');
    const transcript = fs.readdirSync(projects, { recursive: true }).map(String).find((file) => file.endsWith(`${first.sessionId}.jsonl`));
    if (!transcript) throw new Error('no transcript');
    fs.appendFileSync(path.join(projects, transcript), `${JSON.stringify({ type: 'summary', summary: 'written by a terminal', leafUuid: 'none' })}\n`);
    const follow = await startOk(server, { workingDirectory: repo, initialPrompt: 'after the terminal [gate:standby-history]', resumedSessionId: first.sessionId });
    await fake.gates.whenHeld('standby-history');
    const pid = cliPidForSession(server.dirs.claudeConfigDir, follow.sessionId);
    expect(pid).toBeDefined();
    expect(pid).not.toBe(standbyPid);
    fake.gates.release('standby-history');
    await waitFor(() => !isAlive(standbyPid), { message: 'standby ended' });
    await (await openStream(server, follow.streamingId)).ended;
    await postJson(server, `/api/conversations/${follow.sessionId}/stop`);
  });

  it('ends the standby when its session is stopped', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'standby-stop'));
    const { first, standbyPid } = await completedWithStandby(server, repo, 'hello stop');
    expect(await postJson(server, `/api/conversations/${first.sessionId}/stop`)).toEqual({ status: 200, body: { success: true } });
    expect(isAlive(standbyPid)).toBe(false);
    expect(liveCliPids(server.dirs.claudeConfigDir)).toEqual([]);
  });
});

describe('standby lifetime', () => {
  it('ends an unused standby after its idle time, and every standby at shutdown', async () => {
    const own = await startTestServer({ anthropicBaseUrl: fake.url, runOptions: { standby: { idleMs: 5000 } } });
    try {
      const { standbyPid } = await completedWithStandby(own, makeRepo(path.join(own.dirs.work, 'idle')), 'hello idle');
      await waitFor(() => !isAlive(standbyPid), { message: 'idle standby ended' });
    } finally {
      await own.close();
    }
    const other = await startTestServer({ anthropicBaseUrl: fake.url });
    const { standbyPid } = await completedWithStandby(other, makeRepo(path.join(other.dirs.work, 'shutdown')), 'hello shutdown');
    await other.close();
    expect(isAlive(standbyPid)).toBe(false);
  });
});
