import type { Schedule, ScheduleFiring, ScheduleInput, ScheduleLink, ScheduleListResponse, SchedulePreviewRequest, SchedulePreviewResponse } from '@cui/contract';
import { cronPatternOf } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { createFirings, type FiringDeps } from './firing';
import { createScheduler, type Scheduler } from './scheduler';
import { cronFor, nextRunsOf, type TimingOptions } from './schedule-timing';
import type { ScheduleStore, StoredFiring, StoredSchedule } from './schedule-store';

/** Firings a history answer lists. */
export const HISTORY_LIMIT = 200;
const NEXT_RUNS_SHOWN = 3;

export interface ScheduleServiceDeps extends Omit<FiringDeps, 'onPaused'> {
  store: ScheduleStore;
  timing: TimingOptions;
  /** A session's cost as the index knows it (for the history), or undefined. */
  costOf(sessionId: string): Promise<number | undefined>;
}

export interface ScheduleService {
  list(): ScheduleListResponse;
  get(id: string): Schedule;
  create(input: ScheduleInput): Schedule;
  update(id: string, input: ScheduleInput): Schedule;
  remove(id: string): void;
  pause(id: string): Schedule;
  resume(id: string): Schedule;
  runNow(id: string): Promise<ScheduleFiring>;
  history(id: string): Promise<ScheduleFiring[]>;
  preview(request: SchedulePreviewRequest): SchedulePreviewResponse;
  setGlobalPaused(paused: boolean): ScheduleListResponse;
  linkOf(sessionId: string): ScheduleLink | undefined;
  /** Handles missed times and arms every schedule (once the server listens). */
  start(): Promise<void>;
  close(): void;
}

/** What the routes answer: a schedule with its next times and last firing, the list, a firing with its cost. */
function createViews(deps: ScheduleServiceDeps, scheduler: Scheduler) {
  const { store } = deps;
  const view = (schedule: StoredSchedule): Schedule => {
    const { caughtUpAt: _caughtUp, ...rest } = schedule;
    const lastFiring = store.latestFiring(schedule.id);
    return { ...rest, nextRuns: scheduler.nextRuns(schedule, NEXT_RUNS_SHOWN), ...(lastFiring ? { lastFiring } : {}) };
  };
  const withCost = async (firing: StoredFiring): Promise<ScheduleFiring> => {
    const costUsd = firing.sessionId ? await deps.costOf(firing.sessionId) : undefined;
    return costUsd === undefined ? firing : { ...firing, costUsd };
  };
  const list = (): ScheduleListResponse => ({ schedules: store.list().map(view), paused: store.globalPaused() });
  return { view, withCost, list };
}

/** Schedules: saving (validated), the views the routes answer, and the scheduler and firings behind them. */
export function createScheduleService(deps: ScheduleServiceDeps): ScheduleService {
  const { store } = deps;
  // `scheduler` is only called back once firings fire, after both exist.
  const firings = createFirings({ ...deps, onPaused: (id) => scheduler.sync(id) });
  const scheduler = createScheduler({ store, firings, timing: deps.timing, logger: deps.logger });

  const stored = (id: string): StoredSchedule => {
    const schedule = store.get(id);
    if (!schedule) throw new AppError('schedule.not_found', `No schedule with id ${id}`);
    return schedule;
  };
  const validate = (input: ScheduleInput): void => {
    cronFor(input, deps.timing).stop();
    const problem = firings.folderProblem(input.workingDirectory);
    if (problem) throw new AppError('schedule.invalid', problem);
  };
  const { view, withCost, list } = createViews(deps, scheduler);

  return {
    list,
    get: (id) => view(stored(id)),
    create(input) {
      validate(input);
      const schedule = store.create(input);
      scheduler.sync(schedule.id);
      return view(schedule);
    },
    update(id, input) {
      stored(id);
      validate(input);
      const schedule = store.update(id, input) as StoredSchedule;
      scheduler.sync(id);
      return view(schedule);
    },
    remove(id) {
      stored(id);
      store.remove(id);
      scheduler.sync(id);
    },
    pause(id) {
      stored(id);
      const schedule = store.setPaused(id, true) as StoredSchedule;
      scheduler.sync(id);
      return view(schedule);
    },
    resume(id) {
      const problem = firings.folderProblem(stored(id).workingDirectory);
      if (problem) throw new AppError('schedule.invalid', problem);
      const schedule = store.setPaused(id, false) as StoredSchedule;
      scheduler.sync(id);
      return view(schedule);
    },
    async runNow(id) {
      stored(id);
      const firing = await firings.fire(id, 'manual');
      if (!firing) throw new AppError('schedule.not_found', `No schedule with id ${id}`);
      return withCost(firing);
    },
    async history(id) {
      stored(id);
      return Promise.all(store.history(id, HISTORY_LIMIT).map(withCost));
    },
    preview(request) {
      return { pattern: cronPatternOf(request.when), nextRuns: nextRunsOf(request, deps.timing, request.count) };
    },
    setGlobalPaused(paused) {
      store.setGlobalPaused(paused);
      // Times that came during the pause are no missed times.
      if (!paused) for (const schedule of store.list()) store.setCaughtUp(schedule.id, new Date());
      scheduler.syncAll();
      return list();
    },
    linkOf: (sessionId) => store.linkOf(sessionId),
    start: () => scheduler.start(),
    close() {
      scheduler.close();
      firings.close();
    },
  };
}
