import { Cron } from 'croner';
import { cronPatternOf, type ScheduleWhen } from '@cui/contract';
import { AppError } from '../../platform/app-error';

/**
 * How patterns are read. Users write five fields (minute precision; croner's `5-part` refuses seconds and years).
 * `allowSeconds` also takes a sixth, leading seconds field: a schedule every second, which only tests use.
 */
export interface TimingOptions {
  allowSeconds?: boolean;
}

/** What a schedule's times are computed from. */
export interface ScheduleTime {
  when: ScheduleWhen;
  timezone: string;
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new AppError('schedule.invalid', `Unknown time zone: ${timezone}`);
  }
}

/**
 * A croner job for the pattern, in the schedule's time zone. Without `run` it is only a calculator (paused, never
 * fires). `catch`: a throwing job must not become an unhandled rejection; never a `name` (croner's global registry).
 */
export function cronFor(time: ScheduleTime, options: TimingOptions, run?: () => void): Cron {
  checkTimezone(time.timezone);
  const pattern = cronPatternOf(time.when);
  try {
    return new Cron(pattern, { timezone: time.timezone, mode: options.allowSeconds ? '5-or-6-parts' : '5-part', catch: true, paused: !run }, run);
  } catch (error) {
    throw new AppError('schedule.invalid', `Invalid cron expression '${pattern}': ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The next `count` times after `from`, as ISO strings. */
export function nextRunsOf(time: ScheduleTime, options: TimingOptions, count: number, from: Date = new Date()): string[] {
  const cron = cronFor(time, options);
  try {
    return cron.nextRuns(count, from).map((date) => date.toISOString());
  } finally {
    cron.stop();
  }
}

/** Most missed times counted (beyond, the history says "at least"). */
const MISSED_COUNT_CAP = 1000;

/**
 * The times due after `since` and up to `now` (the server was down, or every firing of theirs handled): the latest
 * of them and how many there were (at most MISSED_COUNT_CAP). Undefined when none was due.
 */
export function missedSince(time: ScheduleTime, options: TimingOptions, since: Date, now: Date): { latest: Date; count: number } | undefined {
  const cron = cronFor(time, options);
  try {
    const latest = cron.previousRuns(1, now)[0];
    if (!latest || latest.getTime() <= since.getTime()) return undefined;
    const count = cron.nextRuns(MISSED_COUNT_CAP, since).filter((date) => date.getTime() <= now.getTime()).length;
    return { latest, count: Math.max(count, 1) };
  } finally {
    cron.stop();
  }
}
