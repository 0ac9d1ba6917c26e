/**
 * Notifications: a notifier on the domain bus and its delivery channels (ntfy, web push), the web push routes, and
 * the Approve/Deny links of notified permission requests.
 */
export { createActionTokenStore, type ActionTokenStore } from './action-tokens';
export { registerNotifyActionRoute, type NotifyActionRouteDeps } from './action-route';
export type { NotificationChannel, NotificationContext } from './channel';
export { createNotifier, type Notifier, type NotifierDeps } from './notifier';
export { createNtfyChannel, ntfyMessage, ntfyPublishUrl, sessionLink, type NtfyChannelOptions, type NtfyMessage } from './ntfy';
export { COMPLETED_MESSAGE, FAILED_MESSAGE, FINISHED_TITLE, PERMISSION_TITLE, summarizeToolInput, type Notification } from './messages';
export { createPushSubscriptionStore, type PushSubscriptionStore } from './push-subscriptions';
export { registerNotificationRoutes } from './routes';
export { createWebPush, pushPayload, type PushPayload, type WebPush } from './web-push';
export { notificationsFeature, type NotificationFeatureDeps, type NotificationOptions } from './feature';
