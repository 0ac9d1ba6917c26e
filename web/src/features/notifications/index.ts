/** Notifications: the Settings dialog's Notifications tab (master switch, ntfy, web push). */
export { notificationsTab } from './notifications-tab';
