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
  /** For the log and a test's answer: 'ntfy', 'webpush'. */
  name: string;
  /** Whether the channel has anyone to reach (web push: a subscription); always when absent. Asked by a test. */
  isOn?(): boolean;
  send(notification: Notification, context: NotificationContext): Promise<void>;
}
