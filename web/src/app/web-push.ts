import type { PushSubscription } from '@cui/contract';
import { routes } from './routes';
import { apiCall } from './api-client';
import { SERVICE_WORKER_OPTIONS, SERVICE_WORKER_URL } from './service-worker';

/**
 * Subscribing this browser to web push and back: the Settings' Web Push section and the raw JSON page's
 * Notifications section (each with its own wording of the two refusals).
 */

/** Spec §8 'Web push' messages. */
export const WEB_PUSH_ERRORS = {
  serviceWorker: 'Service Worker not supported. Ensure you are using HTTPS or localhost.',
  push: 'Push notifications not supported in this browser.',
  denied: 'Notification permission denied. Please allow notifications in browser settings.',
  vapid: 'Server configuration issue. Please check server logs.',
  https: 'Web Push requires HTTPS or localhost. For Safari, you also need to install as PWA.',
  // Beyond spec §8: a browser with no reachable push service (Chromium without Google's services, a blocked network)
  // never settles its subscribe(); the section stops waiting instead of greying the button for good.
  timeout: "This browser's push service did not answer within 20 seconds: web push needs one it can reach (Chromium without Google's services has none). ntfy works without it.",
  fallback: 'Failed to enable web push notifications',
} as const;

/** An error whose message is already what the user should read. */
export class WebPushSetupError extends Error {}

const fail = (message: string): never => {
  throw new WebPushSetupError(message);
};

/** What the browser says about push here; read each time, since permission and registrations change. */
function checkSupport(): ServiceWorkerContainer {
  if (!window.isSecureContext) fail(WEB_PUSH_ERRORS.https);
  if (!('serviceWorker' in navigator)) fail(WEB_PUSH_ERRORS.serviceWorker);
  if (!('PushManager' in window)) fail(WEB_PUSH_ERRORS.push);
  return navigator.serviceWorker;
}

/** The user-facing message for any failure of `enableWebPush` (spec §8). */
export function enableErrorMessage(error: unknown): string {
  if (error instanceof WebPushSetupError) return error.message;
  // A DOMException (what subscribe() rejects with) is not an Error everywhere: read its message either way.
  const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : '';
  if (/applicationServerKey|vapid/i.test(message)) return WEB_PUSH_ERRORS.vapid;
  return message || WEB_PUSH_ERRORS.fallback;
}

/** The browser's current push subscription, if any (none where push is unsupported). */
export async function currentSubscription(): Promise<globalThis.PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_OPTIONS.scope);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What enabling says when permission is refused or the server has no key (the raw JSON page words them shorter). */
export type EnableMessages = Record<'denied' | 'vapid', string>;

/**
 * Support, permission, the server's public key, the service worker, the subscription, then the server's copy of it.
 * Resolves with the subscription as sent to the server.
 */
export async function enableWebPush(messages: EnableMessages = WEB_PUSH_ERRORS): Promise<PushSubscription> {
  const container = checkSupport();
  if ((await Notification.requestPermission()) !== 'granted') fail(messages.denied);
  const { publicKey } = await apiCall(routes.notifications.status);
  if (!publicKey) fail(messages.vapid);
  await container.register(SERVICE_WORKER_URL, SERVICE_WORKER_OPTIONS);
  const registration = await container.ready;
  const subscription = (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })).toJSON() as PushSubscription;
  await apiCall(routes.notifications.register, { body: subscription });
  return subscription;
}

/**
 * Unsubscribes in the browser and tells the server to forget the endpoint; resolves with that endpoint. Without a
 * subscription it does nothing, or fails with `missing` when given (the raw page's 'No active subscription').
 */
export async function disableWebPush(missing?: string): Promise<string | undefined> {
  const subscription = await currentSubscription();
  if (!subscription) return missing === undefined ? undefined : fail(missing);
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await apiCall(routes.notifications.unregister, { body: { endpoint } });
  return endpoint;
}
