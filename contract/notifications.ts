import { z } from 'zod';
import { SuccessResponse } from './common';
import { PermissionStatus } from './permissions';
import { defineRoute } from './route';

/** Spec §9: the test notification's defaults. */
export const DEFAULT_TEST_TITLE = 'CUI Test';
export const DEFAULT_TEST_MESSAGE = 'This is a test notification';

/** Web push status (spec §3): the server's VAPID public key, once generated (on the first call with notifications on). */
export const WebPushStatus = z.object({ publicKey: z.string().optional(), hasPublicKey: z.boolean() });
export type WebPushStatus = z.infer<typeof WebPushStatus>;

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine((value) => base64urlLength(value) === bytes, `${name} must decode to ${bytes} bytes`);

/** Decoded length of a base64url text (padding ignored). */
function base64urlLength(value: string): number {
  const body = value.replace(/=+$/, '');
  return Math.floor((body.length * 3) / 4);
}

/**
 * A browser's PushSubscription as `toJSON()` gives it. The endpoint must be https: the sending library talks TLS to
 * whatever host it names, so an http endpoint would fail late and silently. p256dh is an uncompressed P-256 point
 * (65 bytes), auth a 16-byte secret.
 */
export const PushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65, 'keys.p256dh'), auth: base64url(16, 'keys.auth') }),
});
export type PushSubscription = z.infer<typeof PushSubscription>;

export const UnregisterRequest = z.object({ endpoint: z.string().min(1, 'endpoint is required').max(2048) });
export const TestNotificationRequest = z.object({ title: z.string().max(200).optional(), message: z.string().max(1000).optional() });
export type TestNotificationRequest = z.infer<typeof TestNotificationRequest>;

/** One channel's part of a test ('ntfy', 'webpush'): sent, or why not. */
export const TestChannelResult = z.object({ channel: z.string(), sent: z.boolean(), error: z.string().optional() });
export type TestChannelResult = z.infer<typeof TestChannelResult>;

/**
 * A test's answer: each channel that is on (ntfy while notifications are on; web push while notifications are on and
 * a browser is subscribed) with its result. `success` is true when at least one was tried and every one was sent.
 */
export const TestNotificationResponse = z.object({ success: z.boolean(), channels: z.array(TestChannelResult) });
export type TestNotificationResponse = z.infer<typeof TestNotificationResponse>;

/** Path of a notification action link; the token is the whole credential (see `decideFromNotification`). */
export const NOTIFY_ACTION_PATH = '/api/notify-actions/:token';

/** A notification action answers only the new status: anyone may read it (CORS `*`), so it names nothing else. */
export const NotifyActionResponse = z.object({ success: z.boolean(), status: PermissionStatus });
export type NotifyActionResponse = z.infer<typeof NotifyActionResponse>;

export const notificationRoutes = {
  status: defineRoute({ name: 'getWebPushStatus', summary: "The server's VAPID public key for push subscriptions (generated on first use with notifications on).", method: 'GET', path: '/api/notifications/status', response: WebPushStatus }),
  register: defineRoute({ name: 'registerPushSubscription', summary: "Stores a browser's push subscription (one per endpoint).", method: 'POST', path: '/api/notifications/register', body: PushSubscription, response: SuccessResponse }),
  unregister: defineRoute({ name: 'unregisterPushSubscription', summary: 'Forgets the push subscription with this endpoint.', method: 'POST', path: '/api/notifications/unregister', body: UnregisterRequest, response: SuccessResponse }),
  /**
   * A notification's Approve or Deny (web push action, ntfy `http` action): the only route without the bearer token.
   * Each pending request gets one random 256-bit token per decision, kept hashed in memory; a tap decides that one
   * request and kills both tokens. 404 for an unknown or used token (also after the run ended or a restart), 409
   * when the request was decided another way first. No body and no content type needed (the Android ntfy app sends
   * neither); a cross-origin POST is allowed (the ntfy web app).
   */
  decideFromNotification: defineRoute({
    name: 'decideFromNotification',
    summary: "Approves or denies one permission request from a notification's action (the link's token is the credential).",
    method: 'POST',
    path: NOTIFY_ACTION_PATH,
    params: z.object({ token: z.string().min(1).max(200).meta({ title: 'Action token' }) }),
    response: NotifyActionResponse,
    auth: 'capability',
  }),
  test: defineRoute({
    name: 'sendTestNotification',
    summary: "Sends a test notification ('CUI Test' / 'This is a test notification' by default) through every channel that is on, and says which were sent.",
    method: 'POST',
    path: '/api/notifications/test',
    body: TestNotificationRequest,
    response: TestNotificationResponse,
  }),
};
