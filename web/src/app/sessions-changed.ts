/**
 * A window event saying sessions changed outside the list that shows them (e.g. Settings › Archive All), so open
 * session lists reload. A DOM event rather than shared module state: no singleton, and nothing to clean up when no
 * list is mounted. Once the app's data layer lands this becomes an invalidation of the list queries.
 */
export const SESSIONS_CHANGED_EVENT = 'cui:sessions-changed';

export function announceSessionsChanged(target: EventTarget = window): void {
  target.dispatchEvent(new Event(SESSIONS_CHANGED_EVENT));
}
