import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleInput, StartConversationRequest } from '@cui/contract';
import { createEventBus, type DomainEvents, type EventBus } from '../../platform/bus';
import { openDatabase } from '../../platform/db';
import { FAILURES_BEFORE_PAUSE, STILL_RUNNING } from './firing';
import { createScheduleService, type ScheduleService } from './schedule-service';
import { createScheduleStore } from './schedule-store';

/** The schedules' own logic under Vitest's fake clock: croner's timers fire as the test advances time. */

const logger = pino({ level: 'silent' });
let folder: string;
let db: ReturnType<typeof openDatabase>;
let bus: EventBus;
let started: StartConversationRequest[];
let services: ScheduleService[];
let startRun: (request: StartConversationRequest) => Promise<{ streamingId: string; sessionId: string }>;

beforeEach(() => {
  vi.useFakeTimers();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-schedules-'));
  db = openDatabase(':memory:', logger);
  bus = createEventBus(logger);
  started = [];
  services = [];
  startRun = async (request) => {
    started.push(request);
    const n = started.length;
    return { streamingId: `stream-${n}`, sessionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` };
  };
});
afterEach(() => {
  for (const service of services) service.close();
  db.close();
  vi.useRealTimers();
  fs.rmSync(folder, { recursive: true, force: true });
});

function service(): ScheduleService {
  const created = createScheduleService({
    store: createScheduleStore(db), bus, logger, timing: {}, isTrusted: () => true, costOf: async () => undefined, startRun: (request) => startRun(request),
  });
  services.push(created);
  return created;
}

const input = (overrides: Partial<ScheduleInput> = {}): ScheduleInput => ({
  name: 'nightly', prompt: 'check the build', workingDirectory: folder, permissionMode: 'default', worktree: false,
  when: { kind: 'hourly', minute: 0 }, timezone: 'UTC', missedRunPolicy: 'skip', ...overrides,
});

const ended = (n: number, reason: DomainEvents['run.ended']['reason'] = 'completed'): void =>
  bus.publish('run.ended', { streamingId: `stream-${n}`, sessionId: `s-${n}`, reason, isError: reason === 'failed', durationMs: 1, summary: '' });

describe('schedules under a fake clock', () => {
  it('fires at each time in the schedule\'s zone across a DST change (Paris, 02:30 daily, spring forward)', async () => {
    vi.setSystemTime(new Date('2026-03-27T12:00:00Z'));
    const schedules = service();
    await schedules.start();
    const { id } = schedules.create(input({ when: { kind: 'daily', time: '02:30' }, timezone: 'Europe/Paris' }));
    const firedAt: string[] = [];
    // Each night from 23:00Z for four hours (croner re-arms at least every 30 s, so a jump of the clock is caught).
    for (const night of ['2026-03-27T23:00:00Z', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z']) {
      vi.setSystemTime(new Date(night));
      await vi.advanceTimersByTimeAsync(4 * 3600_000);
      ended(started.length);
    }
    for (const firing of await schedules.history(id)) firedAt.unshift(firing.firedAt.slice(0, 16));
    expect(started).toHaveLength(3);
    expect(firedAt).toEqual(['2026-03-28T01:30', '2026-03-29T01:00', '2026-03-30T00:30']);
  });

  it('skips a time that comes while the previous run still works, and records why', async () => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const schedules = service();
    const { id } = schedules.create(input());
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(1);
    ended(1);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(2);
    const history = await schedules.history(id);
    expect(history.map((f) => [f.firedAt.slice(11, 16), f.outcome, f.reason])).toEqual([
      ['12:00', 'running', undefined],
      ['11:00', 'skipped', STILL_RUNNING],
      ['10:00', 'ran', undefined],
    ]);
  });

  it.each([
    ['skip', 0, 'skipped', 'Missed 48 times while the server was down'],
    ['run-once', 1, 'running', 'Missed 48 times while the server was down: ran once'],
  ] as const)('after two days down, missed-run policy %s starts %i run(s), never a burst', async (policy, runs, outcome, reason) => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const before = service();
    const { id } = before.create(input({ missedRunPolicy: policy }));
    before.close();
    // The server is down for two days: no timer of the old one runs.
    vi.setSystemTime(new Date('2026-05-03T09:30:00Z'));
    const after = service();
    await after.start();
    expect(started).toHaveLength(runs);
    const history = await after.history(id);
    expect(history.map((f) => [f.trigger, f.outcome, f.reason, f.firedAt])).toEqual([['missed', outcome, reason, '2026-05-03T09:00:00.000Z']]);
    // Its next time comes as usual, once.
    ended(1);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(runs + 1);
    expect(after.get(id).nextRuns[0]).toBe('2026-05-03T11:00:00.000Z');
  });

  it(`pauses itself after ${FAILURES_BEFORE_PAUSE} failures in a row and publishes why`, async () => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const paused: DomainEvents['schedule.paused'][] = [];
    bus.subscribe('schedule.paused', (event) => paused.push(event));
    startRun = async () => {
      throw new Error('3 conversations are already running');
    };
    const schedules = service();
    const { id } = schedules.create(input());
    await vi.advanceTimersByTimeAsync(10 * 3600_000);
    const schedule = schedules.get(id);
    expect(schedule).toMatchObject({ paused: true, pausedReason: 'Paused after 3 failures in a row: 3 conversations are already running', nextRuns: [] });
    expect((await schedules.history(id)).map((f) => f.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(paused).toEqual([{ scheduleId: id, name: 'nightly', reason: schedule.pausedReason }]);
  });

  it('counts a failed run and resets on one that ran; a stopped run is no failure', async () => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const schedules = service();
    const { id } = schedules.create(input());
    const cycle = async (reason: DomainEvents['run.ended']['reason']) => {
      await vi.advanceTimersByTimeAsync(3600_000);
      ended(started.length, reason);
      return schedules.get(id).consecutiveFailures;
    };
    expect([await cycle('failed'), await cycle('crashed'), await cycle('stopped'), await cycle('completed'), await cycle('failed')]).toEqual([1, 2, 2, 0, 1]);
    expect((await schedules.history(id))[2]).toMatchObject({ outcome: 'failed', reason: 'Stopped before it finished' });
  });

  it('pauses with the reason when its folder is gone, and refuses to resume until it is back', async () => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const schedules = service();
    const { id } = schedules.create(input());
    fs.rmSync(folder, { recursive: true });
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(0);
    expect(schedules.get(id)).toMatchObject({ paused: true, pausedReason: `Folder not found: ${folder}` });
    expect(() => schedules.resume(id)).toThrow(`Folder not found: ${folder}`);
  });

  it('stops after its maxRuns, and fires nothing while all schedules are paused', async () => {
    vi.setSystemTime(new Date('2026-05-01T09:30:00Z'));
    const schedules = service();
    const limited = schedules.create(input({ maxRuns: 2 }));
    const other = schedules.create(input({ name: 'other' }));
    schedules.pause(other.id);
    await vi.advanceTimersByTimeAsync(3600_000);
    ended(1);
    await vi.advanceTimersByTimeAsync(3600_000);
    ended(2);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(2);
    expect(schedules.get(limited.id)).toMatchObject({ paused: true, pausedReason: 'Finished its 2 runs', runCount: 2 });
    schedules.resume(other.id);
    expect(schedules.setGlobalPaused(true).schedules.find((s) => s.id === other.id)?.nextRuns).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * 3600_000);
    expect(started).toHaveLength(2);
    schedules.setGlobalPaused(false);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(started).toHaveLength(3);
  });
});
