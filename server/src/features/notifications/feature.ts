import type { Agent } from 'node:https';
import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import type { SessionInfoStore } from '../sessions/index';
import { createActionTokenStore } from './action-tokens';
import { registerNotifyActionRoute, type NotifyActionRouteDeps } from './action-route';
import type { NotificationChannel } from './channel';
import { createNotifier, type Notifier } from './notifier';
import { createNtfyChannel } from './ntfy';
import { createPushSubscriptionStore } from './push-subscriptions';
import { registerNotificationRoutes } from './routes';
import { createWebPush } from './web-push';

export interface NotificationOptions {
  /** Where notifications go; ntfy (to the configured server) and web push when absent. */
  notificationChannels?: NotificationChannel[];
  /** TLS trust for web push services (tests: the fake push service's self-signed certificate); Node's default when absent. */
  webPushAgent?: Agent;
}

export interface NotificationFeatureDeps {
  platform: PlatformDeps;
  sessionInfo: SessionInfoStore;
  /** Decides a permission from a notification's Approve/Deny link (the runs feature's permission registry). */
  runs: { permissions: { decide: NotifyActionRouteDeps['decide'] } };
  options: NotificationOptions;
}

/** The notifier on the bus (ntfy and web push), push subscriptions and the Approve/Deny links. */
export function notificationsFeature({ platform, sessionInfo, runs, options }: NotificationFeatureDeps): Feature {
  let notifier: Notifier | undefined;
  return {
    name: 'notifications',
    register(app) {
      const subscriptions = createPushSubscriptionStore(platform.db);
      const webPush = createWebPush({ ...platform, subscriptions, ...(options.webPushAgent ? { agent: options.webPushAgent } : {}) });
      // In memory only: a restart kills every Approve/Deny link sent so far.
      const actionTokens = createActionTokenStore();
      notifier = createNotifier({ ...platform, sessionInfo, actionTokens, channels: options.notificationChannels ?? [createNtfyChannel(), webPush.channel] });
      registerNotificationRoutes(app, { webPush, subscriptions, notifier });
      registerNotifyActionRoute(app, { ...platform, actionTokens, decide: (id, decision, via) => runs.permissions.decide(id, decision, via) });
    },
    // After the runs, whose ends may still publish; sends still in flight are aborted.
    close: () => notifier?.close(),
  };
}
