import type { FastifyInstance } from 'fastify';
import { DEFAULT_TEST_MESSAGE, DEFAULT_TEST_TITLE, routes } from '@cui/contract';
import { registerRoute } from '../../platform/http';
import type { Notifier } from './notifier';
import type { PushSubscriptionStore } from './push-subscriptions';
import type { WebPush } from './web-push';

/** Spec §7 notification routes: web push status, subscribe, unsubscribe and a test on every channel that is on. */
export function registerNotificationRoutes(app: FastifyInstance, deps: { webPush: WebPush; subscriptions: PushSubscriptionStore; notifier: Pick<Notifier, 'sendTest'> }): void {
  registerRoute(app, routes.notifications.status, () => deps.webPush.status());
  registerRoute(app, routes.notifications.register, ({ body, request }) => {
    deps.subscriptions.upsert(body, request.headers['user-agent'] ?? '');
    return { success: true };
  });
  registerRoute(app, routes.notifications.unregister, ({ body }) => {
    deps.subscriptions.remove(body.endpoint);
    return { success: true };
  });
  registerRoute(app, routes.notifications.test, async ({ body }) => {
    const channels = await deps.notifier.sendTest(body.title || DEFAULT_TEST_TITLE, body.message || DEFAULT_TEST_MESSAGE);
    return { success: channels.length > 0 && channels.every((result) => result.sent), channels };
  });
}
