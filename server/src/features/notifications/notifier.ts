import type { PlatformDeps } from '../../context';
import type { SessionInfoStore } from '../sessions/index';
import type { NotificationChannel } from './channel';
import { permissionNotification, runEndedNotification, type Notification } from './messages';

export interface NotifierDeps extends Pick<PlatformDeps, 'bus' | 'config' | 'logger'> {
  sessionInfo: Pick<SessionInfoStore, 'get'>;
  channels: readonly NotificationChannel[];
}

export interface Notifier {
  /** Stops listening, aborts sends in flight and resolves once they settled. */
  close(): Promise<void>;
}

/**
 * Turns `permission.requested` and `run.ended` into notifications on every channel, when the master switch
 * (`interface.notifications.enabled`) is on and the session is not muted (`sessionInfo.notify`). A stopped run
 * notifies nobody: the user is right there. Sends are never awaited by the publisher, so a slow or failing channel
 * cannot hold up the run or the request; each failure is logged on its own.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const log = deps.logger.child({ component: 'notifications' });
  const closing = new AbortController();
  const inFlight = new Set<Promise<void>>();

  const deliver = (notification: Notification | undefined): void => {
    if (!notification || closing.signal.aborted) return;
    const config = deps.config.get();
    const settings = config.interface.notifications;
    const fields = { sessionId: notification.sessionId, kind: notification.kind };
    if (!settings.enabled) return log.debug(fields, 'notifications off: not notified');
    if (!deps.sessionInfo.get(notification.sessionId).notify) return log.debug(fields, 'session muted: not notified');
    const context = { settings, machineId: config.machineId, signal: closing.signal };
    for (const channel of deps.channels) {
      const sent: Promise<void> = Promise.resolve()
        .then(() => channel.send(notification, context))
        .then(
          () => log.info({ ...fields, channel: channel.name }, 'notification sent'),
          (error: unknown) => log.warn({ ...fields, channel: channel.name, err: error }, 'notification not delivered'),
        )
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  };

  const unsubscribers = [
    deps.bus.subscribe('permission.requested', ({ permission }) => deliver(permissionNotification(permission))),
    deps.bus.subscribe('run.ended', (ended) => {
      if (ended.reason === 'stopped') return log.debug({ sessionId: ended.sessionId, kind: 'run-ended' }, 'run stopped by the user: not notified');
      deliver(runEndedNotification(ended));
    }),
  ];

  return {
    async close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      closing.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
