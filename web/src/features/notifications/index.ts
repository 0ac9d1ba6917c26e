/** Notifications: the Settings dialog's Notifications tab (master switch, ntfy). */
export { notificationsTab } from './notifications-tab';
