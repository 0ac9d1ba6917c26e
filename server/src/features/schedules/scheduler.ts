import type { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Firings } from './firing';
import { cronFor, missedSince, nextRunsOf, type TimingOptions } from './schedule-timing';
import type { ScheduleStore, StoredSchedule } from './schedule-store';

export interface SchedulerDeps {
  store: ScheduleStore;
  firings: Pick<Firings, 'fire'>;
  timing: TimingOptions;
  logger: Logger;
}

/** Keeps one croner job armed per schedule that may fire: not paused, and no global pause. */
export interface Scheduler {
  /** Handles the times missed while the server was down (each schedule's policy), then arms every schedule. */
  start(): Promise<void>;
  /** Arms or disarms one schedule as it is stored now (after a create, an edit, a pause…). */
  sync(scheduleId: string): void;
  /** The same for every schedule (the global pause changed). */
  syncAll(): void;
  /** Its next `count` times, or none while it cannot fire. */
  nextRuns(schedule: StoredSchedule, count: number): string[];
  close(): void;
}

const plural = (count: number): string => (count === 1 ? 'once' : `${count} times`);

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const log = deps.logger.child({ component: 'schedules' });
  const { store } = deps;
  const jobs = new Map<string, Cron>();
  let closed = false;

  const canFire = (schedule: StoredSchedule | undefined): schedule is StoredSchedule => !!schedule && !schedule.paused && !store.globalPaused();

  const disarm = (id: string): void => {
    jobs.get(id)?.stop();
    jobs.delete(id);
  };

  const fire = (id: string): void => {
    deps.firings.fire(id, 'schedule').catch((error: unknown) => log.error({ scheduleId: id, err: error }, 'a schedule could not fire'));
  };

  const sync = (id: string): void => {
    disarm(id);
    const schedule = store.get(id);
    if (closed || !canFire(schedule)) return;
    try {
      jobs.set(id, cronFor(schedule, deps.timing, () => fire(id)));
    } catch (error) {
      // Stored before a rule changed (or restored from a backup): it stays listed, unarmed, and the log says why.
      log.warn({ scheduleId: id, err: error }, 'schedule not armed');
    }
  };

  /** Missed times: `skip` records them; `run-once` runs once, however many were missed (never a burst). */
  const catchUp = async (schedule: StoredSchedule, now: Date): Promise<void> => {
    const missed = missedSince(schedule, deps.timing, new Date(schedule.caughtUpAt), now);
    if (!missed) return;
    const what = `Missed ${plural(missed.count)} while the server was down`;
    log.info({ scheduleId: schedule.id, missed: missed.count, policy: schedule.missedRunPolicy }, 'schedule missed times');
    if (schedule.missedRunPolicy === 'run-once') {
      await deps.firings.fire(schedule.id, 'missed', { dueAt: missed.latest, note: `${what}: ran once` });
      return;
    }
    store.addFiring({ scheduleId: schedule.id, firedAt: missed.latest.toISOString(), trigger: 'missed', outcome: 'skipped', reason: what });
    store.setCaughtUp(schedule.id, missed.latest);
  };

  return {
    async start() {
      const now = new Date();
      const schedules = store.list().filter((s) => canFire(s));
      // Armed first, so a time that comes while a missed one starts its run is not lost.
      for (const schedule of schedules) sync(schedule.id);
      for (const schedule of schedules) {
        try {
          await catchUp(schedule, now);
        } catch (error) {
          log.warn({ scheduleId: schedule.id, err: error }, 'missed times not handled');
        }
      }
    },
    sync,
    syncAll() {
      for (const id of [...jobs.keys()]) disarm(id);
      for (const schedule of store.list()) sync(schedule.id);
    },
    nextRuns(schedule, count) {
      if (!canFire(schedule)) return [];
      try {
        return nextRunsOf(schedule, deps.timing, count);
      } catch {
        return [];
      }
    },
    close() {
      closed = true;
      for (const id of [...jobs.keys()]) disarm(id);
    },
  };
}
