import type { MissedRunPolicy, PermissionMode, Schedule, ScheduleInput, ScheduleWhen } from '@cui/contract';

/** The presets the form offers, and a cron expression. */
export type WhenKind = ScheduleWhen['kind'];

/** Everything the form edits, as the fields hold it (strings where the user types). */
export interface ScheduleFormValues {
  name: string;
  prompt: string;
  workingDirectory: string;
  permissionMode: PermissionMode;
  /** Required before saving with 'Yolo' (bypassPermissions): the user read the warning. */
  yoloAcknowledged: boolean;
  model: string;
  worktree: boolean;
  kind: WhenKind;
  time: string;
  minute: string;
  day: string;
  expression: string;
  timezone: string;
  missedRunPolicy: MissedRunPolicy;
  maxRuns: string;
}

/** What the home composer hands over with 'Schedule…'. */
export interface ScheduleDraft {
  text: string;
  workingDirectory?: string;
  model?: string;
  permissionMode?: PermissionMode;
  worktree?: boolean;
}

export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A new schedule's fields: weekday mornings, 'Ask', the browser's zone, missed times skipped. */
export function emptyForm(draft?: ScheduleDraft): ScheduleFormValues {
  const prompt = draft?.text ?? '';
  return {
    name: prompt.split('\n')[0]?.slice(0, 60) ?? '',
    prompt,
    workingDirectory: draft?.workingDirectory ?? '',
    permissionMode: draft?.permissionMode ?? 'default',
    yoloAcknowledged: false,
    model: draft?.model ?? '',
    worktree: draft?.worktree ?? false,
    kind: 'weekdays',
    time: '09:00',
    minute: '0',
    day: '1',
    expression: '0 9 * * 1-5',
    timezone: browserTimezone(),
    missedRunPolicy: 'skip',
    maxRuns: '',
  };
}

/** A stored schedule's fields, for editing. */
export function formOf(schedule: Schedule): ScheduleFormValues {
  const base = emptyForm();
  const when = schedule.when;
  return {
    ...base,
    name: schedule.name,
    prompt: schedule.prompt,
    workingDirectory: schedule.workingDirectory,
    permissionMode: schedule.permissionMode,
    yoloAcknowledged: schedule.permissionMode === 'bypassPermissions',
    model: schedule.model ?? '',
    worktree: schedule.worktree,
    kind: when.kind,
    ...('time' in when ? { time: when.time } : {}),
    ...(when.kind === 'hourly' ? { minute: String(when.minute) } : {}),
    ...(when.kind === 'weekly' ? { day: String(when.day) } : {}),
    ...(when.kind === 'cron' ? { expression: when.expression } : {}),
    timezone: schedule.timezone,
    missedRunPolicy: schedule.missedRunPolicy,
    maxRuns: schedule.maxRuns === undefined ? '' : String(schedule.maxRuns),
  };
}

/** The `when` the fields describe. */
export function whenOf(values: ScheduleFormValues): ScheduleWhen {
  switch (values.kind) {
    case 'hourly':
      return { kind: 'hourly', minute: Number(values.minute) || 0 };
    case 'daily':
      return { kind: 'daily', time: values.time };
    case 'weekdays':
      return { kind: 'weekdays', time: values.time };
    case 'weekly':
      return { kind: 'weekly', day: Number(values.day) || 0, time: values.time };
    case 'cron':
      return { kind: 'cron', expression: values.expression.trim() };
  }
}

/** The request body, or why it cannot be saved yet. */
export function inputOf(values: ScheduleFormValues): { input: ScheduleInput } | { problem: string } {
  if (!values.name.trim()) return { problem: 'Name the schedule' };
  if (!values.prompt.trim()) return { problem: 'Write the prompt' };
  if (!values.workingDirectory.trim()) return { problem: 'Choose a folder' };
  if (values.permissionMode === 'bypassPermissions' && !values.yoloAcknowledged) return { problem: 'Confirm the Yolo warning' };
  const maxRuns = values.maxRuns.trim() ? Number(values.maxRuns) : undefined;
  return {
    input: {
      name: values.name.trim(),
      prompt: values.prompt,
      workingDirectory: values.workingDirectory.trim(),
      permissionMode: values.permissionMode,
      ...(values.model ? { model: values.model } : {}),
      worktree: values.worktree,
      when: whenOf(values),
      timezone: values.timezone.trim() || 'UTC',
      missedRunPolicy: values.missedRunPolicy,
      ...(maxRuns ? { maxRuns } : {}),
    },
  };
}

/** 'Weekdays at 09:00', 'Every hour at :15', 'Cron 0 9 * * 1-5'. */
export function describeWhen(when: ScheduleWhen): string {
  switch (when.kind) {
    case 'hourly':
      return `Every hour at :${String(when.minute).padStart(2, '0')}`;
    case 'daily':
      return `Daily at ${when.time}`;
    case 'weekdays':
      return `Weekdays at ${when.time}`;
    case 'weekly':
      return `Every ${WEEKDAYS[when.day] ?? 'week'} at ${when.time}`;
    case 'cron':
      return `Cron ${when.expression}`;
  }
}

/** A time the user reads: weekday, date and time in the schedule's zone. */
export function formatRunTime(iso: string, timezone?: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  try {
    return new Date(iso).toLocaleString(undefined, { ...options, ...(timezone ? { timeZone: timezone } : {}) });
  } catch {
    return new Date(iso).toLocaleString(undefined, options);
  }
}
