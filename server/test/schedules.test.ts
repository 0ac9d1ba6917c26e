import fs from 'node:fs';
import path from 'node:path';
import { ConversationListResponse, Schedule, ScheduleHistoryResponse, ScheduleListResponse, WaitingPermissionsEvent, type ScheduleFiring, type WaitingPermission } from '@cui/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, startTestServer, waitFor, type TestDirs, type TestServer } from './helpers';

/**
 * Scheduled runs with the real pinned CLI against the fake model. Patterns with a seconds field (`* * * * * *`,
 * every second) are read only because the test server allows them (`scheduleTiming.allowSeconds`).
 */

const EVERY_SECOND = { kind: 'cron', expression: '* * * * * *' } as const;
const NEVER_TODAY = { kind: 'daily', time: '03:00' } as const;
const WAIT = { timeoutMs: 50_000, intervalMs: 50 };

let fake: FakeAnthropic;
let dirs: TestDirs;
let server: TestServer;
const start = () => startTestServer({ dirs, anthropicBaseUrl: fake.url, scheduleTiming: { allowSeconds: true } });

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dirs = makeTestDirs();
  server = await start();
});
afterEach(async () => {
  // No schedule of one test fires during the next.
  const { schedules } = ScheduleListResponse.parse(await (await server.api('/api/schedules')).json());
  for (const schedule of schedules) await server.api(`/api/schedules/${schedule.id}`, { method: 'DELETE' });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function call(method: string, pathname: string, body?: unknown): Promise<unknown> {
  const response = await server.api(pathname, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A trusted scratch repo (hello.txt = 'helo wrld'). */
async function trustedRepo(name: string): Promise<string> {
  const repo = makeRepo(path.join(dirs.work, name));
  await call('PUT', '/api/trust/folders', { path: repo });
  return repo;
}

const create = async (body: Record<string, unknown>) => Schedule.parse(await call('POST', '/api/schedules', { timezone: 'UTC', ...body }));
const getSchedule = async (id: string) => Schedule.parse(await call('GET', `/api/schedules/${id}`));
const history = async (id: string): Promise<ScheduleFiring[]> => ScheduleHistoryResponse.parse(await call('GET', `/api/schedules/${id}/history`)).firings;
const settled = (firings: ScheduleFiring[]) => firings.every((f) => f.outcome !== 'running');

/** Reads GET /api/permissions/waiting (the inbox) until a list satisfies `predicate`. */
async function inboxUntil(predicate: (list: WaitingPermission[]) => boolean): Promise<WaitingPermission[]> {
  const controller = new AbortController();
  const response = await server.api('/api/permissions/waiting', { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let partial = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the inbox stream ended');
      const lines = (partial + value).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines.filter((l) => l && !l.startsWith(':'))) {
        const { permissions } = WaitingPermissionsEvent.parse(JSON.parse(line));
        if (predicate(permissions)) return permissions;
      }
    }
  } finally {
    controller.abort();
  }
}

describe('schedule routes', () => {
  it('answers {error, code} for what cannot be saved, and 404 for an unknown schedule', async () => {
    const repo = await trustedRepo('refusals');
    const post = (body: Record<string, unknown>) => server.api('/api/schedules', { method: 'POST', body: JSON.stringify({ name: 'x', prompt: 'p', workingDirectory: repo, timezone: 'UTC', when: NEVER_TODAY, ...body }) });
    const refused = async (response: Response) => ({ status: response.status, ...((await response.json()) as { code: string; error: string }) });
    expect(await refused(await post({ when: { kind: 'cron', expression: '* * * * * * *' } }))).toMatchObject({ status: 400, code: 'schedule.invalid', error: expect.stringContaining("Invalid cron expression '* * * * * * *'") });
    expect(await refused(await post({ timezone: 'Nowhere/Town' }))).toMatchObject({ status: 400, code: 'schedule.invalid', error: 'Unknown time zone: Nowhere/Town' });
    const untrusted = makeRepo(path.join(dirs.work, 'untrusted'));
    expect(await refused(await post({ workingDirectory: untrusted }))).toMatchObject({ status: 400, code: 'schedule.invalid', error: `Folder not trusted: ${untrusted}` });
    expect(await refused(await post({ prompt: '  ' }))).toMatchObject({ status: 400, code: 'validation.failed' });
    expect(await refused(await post({ workingDirectory: 'relative/dir' }))).toMatchObject({ status: 400, code: 'validation.failed', error: expect.stringContaining('workingDirectory must be an absolute path') });
    expect(await refused(await server.api('/api/schedules/7f0c2a4e-1b3d-4c5e-8f9a-0b1c2d3e4f50'))).toMatchObject({ status: 404, code: 'schedule.not_found' });
    const preview = (await call('POST', '/api/schedules/preview', { when: { kind: 'weekdays', time: '09:00' }, timezone: 'Europe/Paris' })) as { pattern: string; nextRuns: string[] };
    expect(preview.pattern).toBe('0 9 * * 1-5');
    expect(preview.nextRuns).toHaveLength(3);
  });

  it('pauses a schedule whose folder is no longer trusted when it fires, with the reason', async () => {
    const repo = await trustedRepo('revoked');
    const { id } = await create({ name: 'revoked', prompt: 'say hi', workingDirectory: repo, when: NEVER_TODAY });
    await call('DELETE', `/api/trust/folders?path=${encodeURIComponent(repo)}`);
    const { firing } = (await call('POST', `/api/schedules/${id}/run`)) as { firing: ScheduleFiring };
    expect(firing).toMatchObject({ outcome: 'skipped', reason: `Folder not trusted: ${repo}` });
    expect(await getSchedule(id)).toMatchObject({ paused: true, pausedReason: `Folder not trusted: ${repo}`, nextRuns: [] });
  });
});

describe('scheduled runs', () => {
  it('fires an every-second schedule exactly maxRuns times, each a real run listed and linked to its schedule', async () => {
    const repo = await trustedRepo('every-second');
    const createdAt = Date.now();
    const { id } = await create({ name: 'tick', prompt: 'say tick', workingDirectory: repo, when: EVERY_SECOND, maxRuns: 2 });
    const done = await waitFor(async () => {
      const schedule = await getSchedule(id);
      const firings = await history(id);
      return schedule.paused && settled(firings) ? { schedule, firings } : undefined;
    }, { ...WAIT, message: 'the schedule to finish its 2 runs' });
    expect(done.schedule).toMatchObject({ pausedReason: 'Finished its 2 runs', runCount: 2, nextRuns: [] });
    const ran = done.firings.filter((f) => f.outcome === 'ran');
    expect(ran).toHaveLength(2);
    // Any other firing was a time that came while a run still worked.
    expect(done.firings.filter((f) => f.outcome !== 'ran').map((f) => f.reason)).toEqual(done.firings.filter((f) => f.outcome !== 'ran').map(() => 'The previous run is still working'));
    for (const firing of done.firings) expect(Date.parse(firing.firedAt)).toBeGreaterThanOrEqual(createdAt - 1000);
    for (const firing of ran) {
      const row = await waitFor(async () => {
        const page = ConversationListResponse.parse(await call('GET', `/api/conversations?sessionId=${firing.sessionId}`));
        return page.conversations[0];
      }, { ...WAIT, message: 'the scheduled session listed' });
      expect(row).toMatchObject({ sessionId: firing.sessionId, projectPath: repo, schedule: { id, name: 'tick' } });
    }
    // Each run's cost, as the index read it from the transcript, in the history.
    const costs = await waitFor(async () => {
      const withCost = (await history(id)).filter((f) => f.outcome === 'ran' && f.costUsd !== undefined);
      return withCost.length === 2 ? withCost.map((f) => f.costUsd) : undefined;
    }, { ...WAIT, message: 'the runs\' costs in the history' });
    for (const cost of costs) expect(cost).toBeGreaterThan(0);
  });

  it('sends a scheduled run\'s permission request to the inbox, where it is approved', async () => {
    const repo = await trustedRepo('scheduled-approval');
    const { id, permissionMode } = await create({ name: 'fixer', prompt: 'fix the typo in hello.txt', workingDirectory: repo, when: NEVER_TODAY });
    expect(permissionMode).toBe('default');
    const { firing } = (await call('POST', `/api/schedules/${id}/run`)) as { firing: ScheduleFiring };
    expect(firing).toMatchObject({ trigger: 'manual', outcome: 'running', sessionId: expect.any(String) });
    const [waiting] = await inboxUntil((list) => list.some((p) => p.sessionId === firing.sessionId));
    expect(waiting).toMatchObject({ toolName: 'Edit', summary: 'hello.txt', sessionId: firing.sessionId });
    await call('POST', `/api/permissions/${waiting!.id}/decision`, { action: 'approve' });
    const [last] = await waitFor(async () => {
      const firings = await history(id);
      return settled(firings) ? firings : undefined;
    }, { ...WAIT, message: 'the approved run to end' });
    expect(last).toMatchObject({ id: firing.id, outcome: 'ran', sessionId: firing.sessionId });
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
  });

  it('fires nothing once paused', async () => {
    const repo = await trustedRepo('paused');
    const { id } = await create({ name: 'stopped', prompt: 'say paused', workingDirectory: repo, when: EVERY_SECOND });
    await waitFor(async () => (await history(id)).length > 0, { ...WAIT, message: 'a first firing' });
    expect(await call('POST', `/api/schedules/${id}/pause`)).toMatchObject({ paused: true, nextRuns: [] });
    const seen = (await history(id)).length;
    // A witness every second: two of its firings are two different seconds, in each of which the paused one would fire.
    const witness = await create({ name: 'witness', prompt: 'say witness', workingDirectory: repo, when: EVERY_SECOND, maxRuns: 2 });
    await waitFor(async () => (await getSchedule(witness.id)).paused, { ...WAIT, message: 'the witness to run twice' });
    const witnessed = (await history(witness.id)).filter((f) => f.outcome !== 'skipped');
    expect(new Set(witnessed.map((f) => f.firedAt.slice(0, 19))).size).toBe(2);
    expect(await history(id)).toHaveLength(seen);
  });

  it('keeps schedules and the global pause across a restart, then fires', async () => {
    const repo = await trustedRepo('restart');
    await call('PUT', '/api/schedules/pause-all', { paused: true });
    const { id } = await create({ name: 'survivor', prompt: 'say again', workingDirectory: repo, when: EVERY_SECOND, maxRuns: 1 });
    await server.close();
    server = await start();
    const listed = ScheduleListResponse.parse(await call('GET', '/api/schedules'));
    expect(listed).toMatchObject({ paused: true, schedules: [{ id, name: 'survivor', paused: false, nextRuns: [] }] });
    const resumed = ScheduleListResponse.parse(await call('PUT', '/api/schedules/pause-all', { paused: false }));
    expect(resumed.schedules[0]?.nextRuns).toHaveLength(3);
    const done = await waitFor(async () => {
      const firings = await history(id);
      return (await getSchedule(id)).paused && settled(firings) ? firings : undefined;
    }, { ...WAIT, message: 'the schedule to fire after the restart' });
    expect(done.filter((f) => f.outcome === 'ran')).toHaveLength(1);
  });
});
