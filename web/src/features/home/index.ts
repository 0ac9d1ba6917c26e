/** Home screen (issue 5): composer + Tasks / History / Archive lists. */
export { HomePage } from './HomePage';
/** Per-session 'Notify me' flags (local storage array of session ids), for the notifications feature. */
export { loadNotifySessions, NOTIFY_SESSIONS_KEY, setSessionNotify } from './notify-sessions';
/** Row title and project name rules (spec §2), reusable by other lists. */
export { projectShortName, sessionTitle } from './session-display';
