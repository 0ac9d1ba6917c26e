/** Scheduled and recurring runs (issue 27): the Schedules page (loaded when opened) and the badge of a scheduled session. */
export { SchedulesPage, type ScheduleNavigationState } from './SchedulesPage';
export { ScheduledBadge } from './ScheduledBadge';
export type { ScheduleDraft } from './schedule-form-state';
