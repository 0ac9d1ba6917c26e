import { describe, expect, it } from 'vitest';
import { cronPatternOf } from '@cui/contract';
import { missedSince, nextRunsOf } from './schedule-timing';

const paris = (when: Parameters<typeof nextRunsOf>[0]['when']) => ({ when, timezone: 'Europe/Paris' });

describe('schedule times', () => {
  it('turns presets into cron patterns', () => {
    expect(cronPatternOf({ kind: 'hourly', minute: 15 })).toBe('15 * * * *');
    expect(cronPatternOf({ kind: 'daily', time: '07:05' })).toBe('5 7 * * *');
    expect(cronPatternOf({ kind: 'weekdays', time: '09:00' })).toBe('0 9 * * 1-5');
    expect(cronPatternOf({ kind: 'weekly', day: 0, time: '18:30' })).toBe('30 18 * * 0');
    expect(cronPatternOf({ kind: 'cron', expression: '*/5 * * * *' })).toBe('*/5 * * * *');
  });

  it('gives the next times in the schedule\'s zone across the spring-forward change: the missing 02:30 runs at 03:00', () => {
    const next = nextRunsOf(paris({ kind: 'daily', time: '02:30' }), {}, 3, new Date('2026-03-27T12:00:00Z'));
    // CET (+1) on the 28th; 29 March has no 02:30 (02:00 → 03:00 CEST): 03:00 CEST = 01:00Z; then CEST (+2).
    expect(next).toEqual(['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']);
  });

  it('runs once on the fall-back change, when 02:30 comes twice', () => {
    const next = nextRunsOf(paris({ kind: 'daily', time: '02:30' }), {}, 3, new Date('2026-10-24T12:00:00Z'));
    expect(next).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z']);
  });

  it('keeps weekday mornings at 09:00 local on both sides of a change (New York, 8 March 2026)', () => {
    const next = nextRunsOf({ when: { kind: 'weekdays', time: '09:00' }, timezone: 'America/New_York' }, {}, 3, new Date('2026-03-05T15:00:00Z'));
    // Friday 6th (EST, -5), then Monday 9th and Tuesday 10th (EDT, -4): the weekend is skipped.
    expect(next).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-10T13:00:00.000Z']);
  });

  it('refuses seconds in a user\'s pattern, an unknown pattern and an unknown zone, with a message', () => {
    expect(() => nextRunsOf({ when: { kind: 'cron', expression: '* * * * * *' }, timezone: 'UTC' }, {}, 1)).toThrow(/Invalid cron expression/);
    expect(() => nextRunsOf({ when: { kind: 'cron', expression: 'every day' }, timezone: 'UTC' }, {}, 1)).toThrow(/Invalid cron expression 'every day'/);
    expect(() => nextRunsOf({ when: { kind: 'daily', time: '09:00' }, timezone: 'Mars/Olympus' }, {}, 1)).toThrow('Unknown time zone: Mars/Olympus');
    expect(nextRunsOf({ when: { kind: 'cron', expression: '* * * * * *' }, timezone: 'UTC' }, { allowSeconds: true }, 2, new Date('2026-01-01T00:00:00Z'))).toEqual([
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:02.000Z',
    ]);
  });

  it('counts the times missed during a downtime and names the latest', () => {
    const hourly = { when: { kind: 'hourly', minute: 0 } as const, timezone: 'UTC' };
    expect(missedSince(hourly, {}, new Date('2026-05-01T10:00:00Z'), new Date('2026-05-03T10:30:00Z'))).toEqual({ latest: new Date('2026-05-03T10:00:00Z'), count: 48 });
    expect(missedSince(hourly, {}, new Date('2026-05-01T10:00:00Z'), new Date('2026-05-01T10:59:00Z'))).toBeUndefined();
  });
});
