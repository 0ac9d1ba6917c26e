import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LaunchParams } from './cli-launch';
import { createStandbyPool, matchKey, type StandbyLaunch, type StandbyMatch } from './standby-pool';

const logger = pino({ level: 'silent' });

const wanted = (overrides: Partial<StandbyMatch> = {}): StandbyMatch => ({
  workingDirectory: '/repo',
  executablePath: '/bin/claude',
  env: { HOME: '/home/u', PATH: '/bin' },
  permissionMode: 'default',
  loadProjectSettings: true,
  resumeSessionId: 'old',
  ...overrides,
});

class FakeLaunch implements StandbyLaunch {
  discarded = 0;
  exited = false;
  readonly params: LaunchParams;
  constructor(readonly processId: number, match: StandbyMatch = wanted()) {
    this.params = { ...match, streamingId: `s-${processId}`, sessionId: `fork-${processId}` };
  }
  pid = (): number => this.processId;
  alive = (): boolean => !this.exited && this.discarded === 0;
  discard = async (): Promise<void> => {
    this.discarded += 1;
  };
}

afterEach(() => vi.useRealTimers());

describe('matchKey', () => {
  it('is the same whatever the order of the keys, and differs when a value does', () => {
    const reordered: StandbyMatch = { ...wanted(), env: { PATH: '/bin', HOME: '/home/u' } };
    expect(matchKey(reordered)).toBe(matchKey(wanted()));
    expect(matchKey(wanted({ env: { HOME: '/home/u', PATH: '/usr/bin' } }))).not.toBe(matchKey(wanted()));
    expect(matchKey(wanted({ model: 'opus' }))).not.toBe(matchKey(wanted()));
  });
});

describe('standby pool', () => {
  it('hands a standby once to a follow-up with the same settings', () => {
    const pool = createStandbyPool<FakeLaunch>({ logger });
    const launch = new FakeLaunch(1);
    pool.prepare('old', launch, 'h1');
    expect(pool.pids()).toEqual([1]);
    expect(pool.take('other', wanted(), 'h1')).toBeUndefined();
    expect(pool.take('old', wanted(), 'h1')).toBe(launch);
    expect(pool.take('old', wanted(), 'h1')).toBeUndefined();
    expect(launch.discarded).toBe(0);
    expect(pool.pids()).toEqual([]);
  });

  it('ends a standby asked for with other settings, or whose process is gone, and hands out neither', () => {
    const pool = createStandbyPool<FakeLaunch>({ logger });
    const mismatched = new FakeLaunch(1);
    pool.prepare('old', mismatched, 'h1');
    expect(pool.take('old', wanted({ permissionMode: 'acceptEdits' }), 'h1')).toBeUndefined();
    expect(mismatched.discarded).toBe(1);
    const dead = new FakeLaunch(2);
    pool.prepare('old', dead, 'h1');
    dead.exited = true;
    expect(pool.take('old', wanted(), 'h1')).toBeUndefined();
    expect(dead.discarded).toBe(1);
  });

  it('ends a standby whose session history changed since it started (another CLI wrote to it)', () => {
    const pool = createStandbyPool<FakeLaunch>({ logger });
    const launch = new FakeLaunch(1);
    pool.prepare('old', launch, 'h1');
    expect(pool.has('old')).toBe(true);
    expect(pool.take('old', wanted(), 'h2')).toBeUndefined();
    expect(launch.discarded).toBe(1);
    expect(pool.has('old')).toBe(false);
  });

  it('replaces the standby of the same session and ends the oldest beyond the maximum', () => {
    const pool = createStandbyPool<FakeLaunch>({ logger, max: 2 });
    const [a, b, c, d] = [new FakeLaunch(1), new FakeLaunch(2), new FakeLaunch(3), new FakeLaunch(4)];
    pool.prepare('s1', a, 'h1');
    pool.prepare('s1', b, 'h1');
    expect(a.discarded).toBe(1);
    pool.prepare('s2', c, 'h1');
    pool.prepare('s3', d, 'h1');
    expect(b.discarded).toBe(1);
    expect(pool.pids()).toEqual([3, 4]);
  });

  it('ends an unused standby after the idle time', () => {
    vi.useFakeTimers();
    const pool = createStandbyPool<FakeLaunch>({ logger, idleMs: 1000 });
    const launch = new FakeLaunch(1);
    pool.prepare('old', launch, 'h1');
    vi.advanceTimersByTime(999);
    expect(launch.discarded).toBe(0);
    vi.advanceTimersByTime(1);
    expect(launch.discarded).toBe(1);
    expect(pool.take('old', wanted(), 'h1')).toBeUndefined();
  });

  it('ends every standby on discard and close, and one prepared after the close at once', async () => {
    const pool = createStandbyPool<FakeLaunch>({ logger });
    const [a, b, late] = [new FakeLaunch(1), new FakeLaunch(2), new FakeLaunch(3)];
    pool.prepare('s1', a, 'h1');
    pool.prepare('s2', b, 'h1');
    await pool.discard('s1');
    expect(a.discarded).toBe(1);
    await pool.close();
    expect(b.discarded).toBe(1);
    pool.prepare('s3', late, 'h1');
    expect(late.discarded).toBe(1);
    expect(pool.pids()).toEqual([]);
  });
});
