import fs from 'node:fs';
import type { FiringTrigger, StartConversationRequest, StartConversationResponse } from '@cui/contract';
import type { Logger } from 'pino';
import { createBoundedMap } from '../../platform/bounded-map';
import type { DomainEvents, EventBus } from '../../platform/bus';
import type { ScheduleStore, StoredFiring, StoredSchedule } from './schedule-store';

/** Failed firings in a row after which a schedule pauses itself (and says so through the notifications). */
export const FAILURES_BEFORE_PAUSE = 3;
/** Run ends remembered for a start whose answer comes after its run already ended (a very short run). */
const EARLY_ENDS_KEPT = 64;

export const STILL_RUNNING = 'The previous run is still working';

export interface FiringDeps {
  store: ScheduleStore;
  bus: EventBus;
  logger: Logger;
  /** The runs feature's start: the same path as POST /api/conversations/start (run cap, usage, notifications). */
  startRun(request: StartConversationRequest): Promise<StartConversationResponse>;
  /** Whether the folder is trusted (by the console or by Claude Code): only then may a schedule run in it. */
  isTrusted(folder: string): boolean;
  /** The schedule was paused here: it must not fire again (the scheduler disarms it). */
  onPaused(scheduleId: string): void;
}

export interface Firings {
  /** Fires a schedule: one run through the ordinary start, or a firing recorded as skipped or failed, with why. */
  fire(scheduleId: string, trigger: FiringTrigger, options?: { dueAt?: Date; note?: string }): Promise<StoredFiring | undefined>;
  /** Why runs cannot start in this folder now, or undefined. */
  folderProblem(folder: string): string | undefined;
  close(): void;
}

const END_REASONS: Record<DomainEvents['run.ended']['reason'], string | undefined> = {
  completed: undefined,
  failed: 'The run ended with an error',
  crashed: "The run's process died",
  stopped: 'Stopped before it finished',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Pausing (with why, notified) and counting failures (three in a row pause), and whether a folder can take a run. */
function createFiringPolicy(deps: FiringDeps, log: Logger) {
  const { store } = deps;
  const pause = (schedule: StoredSchedule, reason: string, sessionId?: string): void => {
    store.setPaused(schedule.id, true, reason);
    deps.onPaused(schedule.id);
    log.warn({ scheduleId: schedule.id, reason }, 'schedule paused');
    deps.bus.publish('schedule.paused', { scheduleId: schedule.id, name: schedule.name, reason, ...(sessionId ? { sessionId } : {}) });
  };
  const countFailure = (schedule: StoredSchedule, reason: string, sessionId?: string): void => {
    const failures = store.countFailure(schedule.id, true);
    if (failures >= FAILURES_BEFORE_PAUSE) pause(schedule, `Paused after ${failures} failures in a row: ${reason}`, sessionId);
  };
  const folderProblem = (folder: string): string | undefined => {
    let isDirectory = false;
    try {
      isDirectory = fs.statSync(folder).isDirectory();
    } catch {
      // Gone (or unreadable): said below.
    }
    if (!isDirectory) return `Folder not found: ${folder}`;
    return deps.isTrusted(folder) ? undefined : `Folder not trusted: ${folder}`;
  };
  return { pause, countFailure, folderProblem };
}

/**
 * Each firing is an ordinary run. A schedule whose previous run still works skips (recorded); its folder gone or no
 * longer trusted pauses it with that reason; three failures in a row pause it and publish `schedule.paused`.
 */
export function createFirings(deps: FiringDeps): Firings {
  const log = deps.logger.child({ component: 'schedules' });
  const { store } = deps;
  const { pause, countFailure, folderProblem } = createFiringPolicy(deps, log);
  /** Schedule id → its firing whose run is starting or working. */
  const active = new Map<string, number>();
  /** Streaming id → the firing whose run it is. */
  const byStream = new Map<string, { scheduleId: string; firingId: number }>();
  const earlyEnds = createBoundedMap<string, DomainEvents['run.ended']>(EARLY_ENDS_KEPT);

  // A server that stopped while a firing's run worked (killed: no run.ended) left it `running`.
  for (const firing of store.runningFirings()) store.finishFiring(firing.id, 'failed', 'The server stopped during the run');

  const settle = (ref: { scheduleId: string; firingId: number }, ended: DomainEvents['run.ended']): void => {
    byStream.delete(ended.streamingId);
    if (active.get(ref.scheduleId) === ref.firingId) active.delete(ref.scheduleId);
    const reason = END_REASONS[ended.reason];
    store.finishFiring(ref.firingId, reason ? 'failed' : 'ran', reason);
    const schedule = store.get(ref.scheduleId);
    if (!schedule) return;
    if (!reason) store.countFailure(schedule.id, false);
    // A run the user stopped is no failure of the schedule's.
    else if (ended.reason !== 'stopped') countFailure(schedule, reason, ended.sessionId);
  };

  const afterStart = (schedule: StoredSchedule): void => {
    const runs = store.countRun(schedule.id);
    if (schedule.maxRuns !== undefined && runs >= schedule.maxRuns) {
      store.setPaused(schedule.id, true, `Finished its ${schedule.maxRuns} runs`);
      deps.onPaused(schedule.id);
    }
  };

  const start = async (schedule: StoredSchedule, firing: StoredFiring): Promise<StoredFiring | undefined> => {
    active.set(schedule.id, firing.id);
    try {
      const started = await deps.startRun({
        workingDirectory: schedule.workingDirectory,
        initialPrompt: schedule.prompt,
        permissionMode: schedule.permissionMode,
        ...(schedule.model ? { model: schedule.model } : {}),
        ...(schedule.worktree ? { worktree: true } : {}),
      });
      store.setFiringRun(firing.id, started);
      log.info({ scheduleId: schedule.id, ...started }, 'schedule fired a run');
      const ref = { scheduleId: schedule.id, firingId: firing.id };
      byStream.set(started.streamingId, ref);
      afterStart(schedule);
      const early = earlyEnds.get(started.streamingId);
      if (early) settle(ref, early);
      return store.firing(firing.id);
    } catch (error) {
      if (active.get(schedule.id) === firing.id) active.delete(schedule.id);
      const reason = messageOf(error);
      log.warn({ scheduleId: schedule.id, err: error }, 'a scheduled run could not start');
      const failed = store.finishFiring(firing.id, 'failed', reason);
      countFailure(schedule, reason);
      return failed;
    }
  };

  const unsubscribe = deps.bus.subscribe('run.ended', (ended) => {
    const ref = byStream.get(ended.streamingId);
    if (ref) settle(ref, ended);
    else earlyEnds.set(ended.streamingId, ended);
  });

  return {
    folderProblem,
    async fire(scheduleId, trigger, options = {}) {
      const schedule = store.get(scheduleId);
      if (!schedule) return undefined;
      const due = options.dueAt ?? new Date();
      // A time that came is handled whatever happens next ('Run now' is no time of the schedule's).
      if (trigger !== 'manual') store.setCaughtUp(scheduleId, due);
      const base = { scheduleId, firedAt: due.toISOString(), trigger };
      if (active.has(scheduleId)) return store.addFiring({ ...base, outcome: 'skipped', reason: STILL_RUNNING });
      const problem = folderProblem(schedule.workingDirectory);
      if (problem) {
        const skipped = store.addFiring({ ...base, outcome: 'skipped', reason: problem });
        pause(schedule, problem);
        return skipped;
      }
      return start(schedule, store.addFiring({ ...base, outcome: 'running', ...(options.note ? { reason: options.note } : {}) }));
    },
    close: unsubscribe,
  };
}
