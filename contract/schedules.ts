import { z } from 'zod';
import { SuccessResponse } from './common';
import { defineRoute } from './route';
import { PermissionMode } from './sessions';

/** `HH:MM`, 24-hour, in the schedule's time zone. */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (00:00 to 23:59)');

/**
 * When a schedule fires: a preset, or a cron expression (five fields: minute hour day-of-month month day-of-week),
 * always in the schedule's `timezone`. The server turns a preset into its cron pattern (`cronPatternOf`).
 */
export const ScheduleWhen = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hourly'), minute: z.number().int().min(0).max(59) }),
  z.object({ kind: z.literal('daily'), time: TimeOfDay }),
  z.object({ kind: z.literal('weekdays'), time: TimeOfDay }),
  /** `day`: 0 Sunday … 6 Saturday. */
  z.object({ kind: z.literal('weekly'), day: z.number().int().min(0).max(6), time: TimeOfDay }),
  z.object({ kind: z.literal('cron'), expression: z.string().trim().min(1, 'a cron expression is required').max(200) }),
]);
export type ScheduleWhen = z.infer<typeof ScheduleWhen>;

/** The cron pattern of a `when` (a preset's, or the expression as given). */
export function cronPatternOf(when: ScheduleWhen): string {
  const hm = (time: string): string => {
    const [hour, minute] = time.split(':');
    return `${Number(minute)} ${Number(hour)}`;
  };
  switch (when.kind) {
    case 'hourly':
      return `${when.minute} * * * *`;
    case 'daily':
      return `${hm(when.time)} * * *`;
    case 'weekdays':
      return `${hm(when.time)} * * 1-5`;
    case 'weekly':
      return `${hm(when.time)} * * ${when.day}`;
    case 'cron':
      return when.expression;
  }
}

/**
 * What happens to firings missed while the server was down: `skip` (the default) records them as skipped;
 * `run-once` runs once at start-up, however many were missed (never a burst).
 */
export const MissedRunPolicy = z.enum(['skip', 'run-once']);
export type MissedRunPolicy = z.infer<typeof MissedRunPolicy>;

/** An IANA time zone name (`Europe/Paris`); the browser's own when the form is filled. */
const TimeZone = z.string().min(1).max(100);

/** What the user sets on a schedule (create and edit). */
export const ScheduleInput = z.strictObject({
  name: z.string().trim().min(1, 'name is required').max(200),
  prompt: z.string().refine((s) => s.trim().length > 0, 'prompt is required'),
  /** Must be a trusted folder (checked at save and at every firing). */
  workingDirectory: z.string().min(1, 'workingDirectory is required').regex(/^(\/|[A-Za-z]:[\\/])/, 'workingDirectory must be an absolute path'),
  /** 'default' (Ask) unless chosen: approvals of an unattended run reach the inbox and the phone. */
  permissionMode: PermissionMode.default('default'),
  model: z.string().min(1).optional(),
  worktree: z.boolean().default(false),
  when: ScheduleWhen,
  timezone: TimeZone,
  missedRunPolicy: MissedRunPolicy.default('skip'),
  /** Pauses itself after this many firings that started a run ('Finished its N runs'); unlimited when absent. */
  maxRuns: z.number().int().min(1).max(100_000).optional(),
});
export type ScheduleInput = z.infer<typeof ScheduleInput>;

/** What one firing came to: a run started (`running` until it ends), or why it did not. */
export const FiringOutcome = z.enum(['running', 'ran', 'skipped', 'failed']);
export type FiringOutcome = z.infer<typeof FiringOutcome>;

/** What caused a firing: its time came, 'Run now', or a missed time handled at start-up. */
export const FiringTrigger = z.enum(['schedule', 'manual', 'missed']);
export type FiringTrigger = z.infer<typeof FiringTrigger>;

/** One row of a schedule's history. */
export const ScheduleFiring = z.object({
  id: z.number().int(),
  scheduleId: z.string(),
  /** When it fired (for a missed time: the time it was due). */
  firedAt: z.string(),
  trigger: FiringTrigger,
  outcome: FiringOutcome,
  /** Why it was skipped or failed ('still running', 'folder not trusted', the run's error…). */
  reason: z.string().optional(),
  sessionId: z.string().optional(),
  streamingId: z.string().optional(),
  endedAt: z.string().optional(),
  /** The session's cost as Claude Code recorded it, once indexed. */
  costUsd: z.number().nonnegative().optional(),
});
export type ScheduleFiring = z.infer<typeof ScheduleFiring>;

/** A stored schedule with what the server knows about it. */
export const Schedule = ScheduleInput.extend({
  id: z.string(),
  paused: z.boolean(),
  /** Why it is paused when the server paused it (folder gone, three failures, its runs done); absent when the user did. */
  pausedReason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastFiredAt: z.string().optional(),
  /** Failed firings since the last that ran (three pause it). */
  consecutiveFailures: z.number().int().nonnegative(),
  /** Firings that started a run (counted against `maxRuns`). */
  runCount: z.number().int().nonnegative(),
  /** The next three times it fires (none while it or all schedules are paused). */
  nextRuns: z.array(z.string()),
  /** Its newest firing. */
  lastFiring: ScheduleFiring.optional(),
});
export type Schedule = z.infer<typeof Schedule>;

export const ScheduleListResponse = z.object({
  schedules: z.array(Schedule),
  /** The global pause: no schedule fires while it is on ('Run now' still works). */
  paused: z.boolean(),
});
export type ScheduleListResponse = z.infer<typeof ScheduleListResponse>;

export const ScheduleParams = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a schedule id') });
export const ScheduleHistoryResponse = z.object({ firings: z.array(ScheduleFiring) });
export type ScheduleHistoryResponse = z.infer<typeof ScheduleHistoryResponse>;

/** The next times a `when` fires, before it is saved. */
export const SchedulePreviewRequest = z.strictObject({ when: ScheduleWhen, timezone: TimeZone, count: z.number().int().min(1).max(10).default(3) });
export type SchedulePreviewRequest = z.infer<typeof SchedulePreviewRequest>;
export const SchedulePreviewResponse = z.object({ pattern: z.string(), nextRuns: z.array(z.string()) });
export type SchedulePreviewResponse = z.infer<typeof SchedulePreviewResponse>;

export const GlobalPauseRequest = z.strictObject({ paused: z.boolean() });
/** 'Run now' answers the firing it recorded (a run started, or why not). */
export const RunNowResponse = z.object({ firing: ScheduleFiring });

/** Scheduled and recurring runs (issue 27). */
export const scheduleRoutes = {
  list: defineRoute({ name: 'listSchedules', summary: 'Every schedule with its next times and newest firing, and the global pause.', method: 'GET', path: '/api/schedules', response: ScheduleListResponse }),
  create: defineRoute({ name: 'createSchedule', summary: 'Creates a schedule: a prompt run in a trusted folder at the times it says.', method: 'POST', path: '/api/schedules', body: ScheduleInput, response: Schedule }),
  preview: defineRoute({ name: 'previewSchedule', summary: 'The next times a preset or cron expression fires in a time zone, before saving.', method: 'POST', path: '/api/schedules/preview', body: SchedulePreviewRequest, response: SchedulePreviewResponse }),
  globalPause: defineRoute({ name: 'pauseAllSchedules', summary: 'Turns the global pause on or off: no schedule fires while it is on.', method: 'PUT', path: '/api/schedules/pause-all', body: GlobalPauseRequest, response: ScheduleListResponse }),
  get: defineRoute({ name: 'getSchedule', summary: 'One schedule.', method: 'GET', path: '/api/schedules/:id', params: ScheduleParams, response: Schedule }),
  update: defineRoute({ name: 'updateSchedule', summary: "Changes a schedule's settings; its next times are recomputed.", method: 'PUT', path: '/api/schedules/:id', params: ScheduleParams, body: ScheduleInput, response: Schedule }),
  remove: defineRoute({ name: 'deleteSchedule', summary: 'Deletes a schedule and its history (its conversations stay).', method: 'DELETE', path: '/api/schedules/:id', params: ScheduleParams, response: SuccessResponse }),
  pause: defineRoute({ name: 'pauseSchedule', summary: 'Pauses one schedule.', method: 'POST', path: '/api/schedules/:id/pause', params: ScheduleParams, response: Schedule }),
  resume: defineRoute({ name: 'resumeSchedule', summary: 'Resumes a paused schedule (its failure count starts again at zero).', method: 'POST', path: '/api/schedules/:id/resume', params: ScheduleParams, response: Schedule }),
  runNow: defineRoute({ name: 'runScheduleNow', summary: 'Fires a schedule now, as its time would (skipped while its last run still works).', method: 'POST', path: '/api/schedules/:id/run', params: ScheduleParams, response: RunNowResponse }),
  history: defineRoute({ name: 'scheduleHistory', summary: "A schedule's firings, newest first: time, outcome and why, cost, conversation.", method: 'GET', path: '/api/schedules/:id/history', params: ScheduleParams, response: ScheduleHistoryResponse }),
};
