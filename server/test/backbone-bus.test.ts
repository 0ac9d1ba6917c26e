import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEnvironmentContributor } from '../src/features/runs/index';
import { createEventBus, type DomainEventName, type DomainEvents } from '../src/platform/bus';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { openStream, postJson, startOk } from './runs-support';

/** The domain bus and the per-run environment, observed around real CLI runs against the fake model. */

type Fact = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];

const bus = createEventBus(pino({ level: 'silent' }));
const facts: Fact[] = [];
for (const name of ['run.started', 'run.ended', 'permission.requested', 'permission.resolved', 'session.info.updated', 'config.changed'] as const) {
  bus.subscribe(name, (payload: DomainEvents[typeof name]) => facts.push({ name, payload } as Fact));
}

// Runs go to fake "b" while the config's interface language is 'b': a contributor that reads the config per run,
// as the model-provider router will.
let fakeA: FakeAnthropic;
let fakeB: FakeAnthropic;
let server: TestServer;
const byLanguage: RunEnvironmentContributor = (_input, current, config) =>
  config.interface.language === 'b' ? { ...current, env: { ...current.env, ANTHROPIC_BASE_URL: fakeB.url } } : current;

beforeAll(async () => {
  fakeA = await startFakeAnthropic();
  fakeB = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fakeA.url, bus, runEnvironment: [byLanguage] });
});
afterAll(async () => {
  await server.close();
  await fakeA.close();
  await fakeB.close();
});

const factsOf = (sessionId: string): Fact[] =>
  facts.filter((fact) => ('sessionId' in fact.payload && fact.payload.sessionId === sessionId) || ('permission' in fact.payload && fact.payload.permission.sessionId === sessionId));

describe('domain events of a real run', () => {
  it('publishes run.started, the permission request and its resolution by the user, and run.ended', async () => {
    const repo = makeRepo(`${server.dirs.work}/bus-fix`);
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt' });
    const stream = await openStream(server, streamingId);
    const request = await stream.next((event) => event.type === 'permission_request');
    if (request.type !== 'permission_request') throw new Error('unreachable');
    expect((await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' })).status).toBe(200);
    await waitFor(() => factsOf(sessionId).some((fact) => fact.name === 'run.ended'), { message: 'run.ended was not published' });

    const mine = factsOf(sessionId).filter((fact) => fact.name !== 'session.info.updated');
    expect(mine.map((fact) => fact.name)).toEqual(['run.started', 'permission.requested', 'permission.resolved', 'run.ended']);
    expect(mine[0]?.payload).toEqual({ streamingId, sessionId, cwd: repo, permissionMode: 'default', routed: false });
    expect(mine[1]?.payload).toMatchObject({ permission: { id: request.data.id, toolName: 'Edit', status: 'pending' } });
    expect(mine[2]?.payload).toMatchObject({ permission: { id: request.data.id, status: 'approved' }, source: 'user' });
    const ended = mine[3]?.payload as DomainEvents['run.ended'];
    expect(ended).toMatchObject({ streamingId, sessionId, reason: 'completed', isError: false, summary: 'fix the typo in hello.txt' });
    expect(ended.durationMs).toBeGreaterThan(0);
    // The start records the session's permission mode: the session-info store says so on the bus too.
    expect(factsOf(sessionId).some((fact) => fact.name === 'session.info.updated' && fact.payload.info.permission_mode === 'default')).toBe(true);
  });

  it('says a run the user stopped ended as stopped, and a pending request was settled by the run', async () => {
    const repo = makeRepo(`${server.dirs.work}/bus-stop`);
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: repo, initialPrompt: 'fix the typo in hello.txt' });
    const stream = await openStream(server, streamingId);
    await stream.next((event) => event.type === 'permission_request');
    expect((await postJson(server, `/api/conversations/${streamingId}/stop`)).status).toBe(200);
    await waitFor(() => factsOf(sessionId).some((fact) => fact.name === 'run.ended'));
    const resolved = factsOf(sessionId).find((fact) => fact.name === 'permission.resolved');
    expect(resolved?.payload).toMatchObject({ source: 'run', permission: { status: 'denied' } });
    expect(factsOf(sessionId).find((fact) => fact.name === 'run.ended')?.payload).toMatchObject({ reason: 'stopped', isError: false });
  });
});

describe('per-run environment', () => {
  it('gives a run started after a config change the environment that change implies, without a restart', async () => {
    const repo = makeRepo(`${server.dirs.work}/env`);
    const before = { a: fakeA.requests.length, b: fakeB.requests.length };
    const first = await startOk(server, { workingDirectory: repo, initialPrompt: 'hello there' });
    await (await openStream(server, first.streamingId)).ended;
    expect(fakeA.requests.length).toBeGreaterThan(before.a);
    expect(fakeB.requests.length).toBe(before.b);

    const put = await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { language: 'b' } }) });
    expect(put.status).toBe(200);
    const afterChange = fakeA.requests.length;
    const second = await startOk(server, { workingDirectory: repo, initialPrompt: 'hello again' });
    await (await openStream(server, second.streamingId)).ended;
    expect(fakeB.requests.length).toBeGreaterThan(before.b);
    expect(fakeA.requests.length).toBe(afterChange);
  });
});
