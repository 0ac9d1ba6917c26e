/** Scheduled and recurring runs (issue 27): the Schedules page (loaded when opened) and the badge of a scheduled session. */
export type { ScheduleNavigationState } from './SchedulesPage';
export { ScheduledBadge } from './ScheduledBadge';
export type { ScheduleDraft } from './schedule-form-state';

/** The Schedules page's code, loaded when the page is first opened (the home and conversation screens never carry it). */
export const loadSchedulesPage = () => import('./SchedulesPage');
