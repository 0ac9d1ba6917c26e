import { buildPath, routes, type TestChannelResult } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import type { SessionInfoStore } from '../sessions/index';
import type { ActionTokenStore } from './action-tokens';
import type { NotificationChannel } from './channel';
import { permissionNotification, runEndedNotification, schedulePausedNotification, testNotification, type Notification } from './messages';

export interface NotifierDeps extends Pick<PlatformDeps, 'bus' | 'config' | 'logger'> {
  sessionInfo: Pick<SessionInfoStore, 'get'>;
  channels: readonly NotificationChannel[];
  /** Mints a permission's Approve/Deny links when it is notified; kills them when it is decided or its run ends. */
  actionTokens: ActionTokenStore;
}

export interface Notifier {
  /**
   * Sends a test through every channel that is on (none while notifications are off; web push only with a
   * subscription), whatever the sessions' mute flags, and answers each one's result. Never rejects.
   */
  sendTest(title: string, message: string): Promise<TestChannelResult[]>;
  /** Stops listening, aborts sends in flight and resolves once they settled. */
  close(): Promise<void>;
}

/** The permission's Approve/Deny links, minted now: only a request that is actually notified gets any. */
function withActions(notification: Notification, tokens: ActionTokenStore): Notification {
  const minted = notification.permissionId ? tokens.mint({ id: notification.permissionId, streamingId: notification.streamingId }) : undefined;
  if (!minted) return notification;
  const path = (token: string) => buildPath(routes.notifications.decideFromNotification.path, { token });
  return { ...notification, actions: { approvePath: path(minted.approve), denyPath: path(minted.deny) } };
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

  const deliver = (built: Notification | undefined): void => {
    if (!built || closing.signal.aborted) return;
    const config = deps.config.get();
    const settings = config.interface.notifications;
    const fields = { sessionId: built.sessionId, kind: built.kind };
    if (!settings.enabled) return log.debug(fields, 'notifications off: not notified');
    if (built.sessionId && !deps.sessionInfo.get(built.sessionId).notify) return log.debug(fields, 'session muted: not notified');
    const context = { settings, machineId: config.machineId, signal: closing.signal };
    const notification = built.kind === 'permission' ? withActions(built, deps.actionTokens) : built;
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
    deps.bus.subscribe('permission.resolved', ({ permission }) => deps.actionTokens.markDecided(permission.id)),
    deps.bus.subscribe('run.ended', (ended) => {
      deps.actionTokens.forgetRun(ended.streamingId);
      if (ended.reason === 'stopped') return log.debug({ sessionId: ended.sessionId, kind: 'run-ended' }, 'run stopped by the user: not notified');
      deliver(runEndedNotification(ended));
    }),
    deps.bus.subscribe('schedule.paused', (paused) => deliver(schedulePausedNotification(paused))),
  ];

  const sendTest: Notifier['sendTest'] = async (title, message) => {
    const config = deps.config.get();
    const settings = config.interface.notifications;
    if (!settings.enabled) return [];
    const context = { settings, machineId: config.machineId, signal: closing.signal };
    const notification = testNotification(title, message);
    const on = deps.channels.filter((channel) => channel.isOn?.() ?? true);
    return Promise.all(
      on.map(async (channel): Promise<TestChannelResult> => {
        try {
          await channel.send(notification, context);
          log.info({ channel: channel.name, kind: 'test' }, 'notification sent');
          return { channel: channel.name, sent: true };
        } catch (error) {
          // Recovered deliberately: a failed channel is part of the test's answer, the other channels still count.
          log.warn({ channel: channel.name, kind: 'test', err: error }, 'notification not delivered');
          return { channel: channel.name, sent: false, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  };

  return {
    sendTest,
    async close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      closing.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
