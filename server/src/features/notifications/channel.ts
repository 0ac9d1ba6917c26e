import type { NotificationsConfig } from '@cui/contract';
import type { Notification } from './messages';

/** What a channel needs besides the notification: the settings at send time and the server's identity. */
export interface NotificationContext {
  settings: NotificationsConfig;
  machineId: string;
  /** Aborted when the server shuts down: a channel gives up its request then. */
  signal: AbortSignal;
}

/**
 * One way to reach the user (ntfy, web push). Channels are independent: each gets every notification, and one
 * failing (a rejected promise, logged by the notifier) never affects another, the run or the request.
 */
export interface NotificationChannel {
  /** For the log: 'ntfy', 'webpush'. */
  name: string;
  send(notification: Notification, context: NotificationContext): Promise<void>;
}
