import { generateKeyPairSync } from 'node:crypto';
import type { Agent } from 'node:https';
import type { WebPushStatus } from '@cui/contract';
import type * as WebPushModule from 'web-push';
import type { PlatformDeps } from '../../context';
import type { NotificationChannel } from './channel';
import { changesPath, type Notification } from './messages';
import type { PushSubscriptionStore, StoredSubscription } from './push-subscriptions';

/** Who the push services may contact about our traffic (VAPID `sub`): a mailto: or https: URL. */
export const VAPID_SUBJECT = 'mailto:cui@localhost.invalid';
const SEND_TIMEOUT_MS = 10_000;
/** Statuses that mean the subscription is gone for good (or our payload is wrong for it): its row is deleted. */
const DEAD_STATUSES = new Set([404, 410, 413]);

/** What the service worker receives (upstream-compatible `{title, message, tag, data}`). */
export interface PushPayload {
  title: string;
  message: string;
  tag: string;
  data: {
    type: 'permission' | 'conversation-end' | 'test';
    sessionId?: string;
    streamingId?: string;
    permissionRequestId?: string;
    /** Server-relative capability links the service worker POSTs for its Approve/Deny actions (end-to-end encrypted). */
    approveUrl?: string;
    denyUrl?: string;
    /** A permission request's conversation with its Changes panel open (server-relative): the worker's 'Changes' action. */
    changesUrl?: string;
  };
}

export function pushPayload(notification: Notification): PushPayload {
  if (notification.kind === 'test') return { title: notification.title, message: notification.message, tag: 'cui-test', data: { type: 'test' } };
  const permission = notification.kind === 'permission';
  return {
    title: notification.title,
    message: notification.message,
    tag: permission ? `cui-permission-${notification.permissionId ?? ''}` : `cui-session-${notification.sessionId || notification.kind}`,
    data: {
      type: permission ? 'permission' : 'conversation-end',
      sessionId: notification.sessionId,
      streamingId: notification.streamingId,
      ...(notification.permissionId ? { permissionRequestId: notification.permissionId } : {}),
      ...(notification.actions ? { approveUrl: notification.actions.approvePath, denyUrl: notification.actions.denyPath } : {}),
      // A request to judge, or a finished task to review (issue 24.5); on a finished task it is the only button, so Chromium shows it.
      ...((permission || notification.kind === 'run-ended') && notification.sessionId ? { changesUrl: changesPath(notification.sessionId) } : {}),
    },
  };
}

/**
 * web-push and its ASN.1/JWT dependencies (~10 ms of the server's start-up) load with the first push sent, not with the
 * server (issue 28 point 1).
 */
type WebPushLibrary = typeof WebPushModule;
let library: Promise<WebPushLibrary> | undefined;
// A CommonJS module: its exports are the namespace's default (Node), or its names too (the bundle).
const webPushLibrary = (): Promise<WebPushLibrary> => (library ??= import('web-push').then((module) => (module as { default?: WebPushLibrary }).default ?? module));

/**
 * A VAPID key pair as web-push's `generateVAPIDKeys` makes it (P-256; the public key uncompressed, both base64url),
 * written here so that `status()` can answer without loading the library: a JWK holds each coordinate at its full
 * 32 bytes, so no padding is needed.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const bytes = (field: string | undefined): Buffer => Buffer.from(field ?? '', 'base64url');
  return {
    publicKey: Buffer.concat([Buffer.from([4]), bytes(jwk.x), bytes(jwk.y)]).toString('base64url'),
    privateKey: bytes(jwk.d).toString('base64url'),
  };
}

export interface WebPush {
  /** The public key, generating the pair first when there is none and notifications are on. */
  status(): WebPushStatus;
  /** Sends to every subscription at once; dead ones are deleted. Resolves with the counts, never rejects. */
  broadcast(payload: PushPayload): Promise<{ sent: number; failed: number }>;
  readonly channel: NotificationChannel;
}

export interface WebPushDeps extends Pick<PlatformDeps, 'config' | 'logger'> {
  subscriptions: PushSubscriptionStore;
  /** TLS trust for push services (tests: the fake's self-signed certificate); Node's default when absent. */
  agent?: Agent;
}

export function createWebPush(deps: WebPushDeps): WebPush {
  const log = deps.logger.child({ component: 'webpush' });

  const keys = (generate: boolean) => {
    const current = deps.config.get().webPush;
    if (current || !generate) return current;
    const pair = generateVapidKeys();
    // Subscriptions made for another key can never be delivered again.
    deps.subscriptions.removeAll();
    log.info('generated VAPID keys for web push');
    return deps.config.updatePrivate({ webPush: { subject: VAPID_SUBJECT, vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey } }).webPush;
  };

  const sendOne = async (subscription: StoredSubscription, body: string, vapid: NonNullable<ReturnType<typeof keys>>): Promise<boolean> => {
    const { sendNotification, WebPushError } = await webPushLibrary();
    try {
      await sendNotification(subscription, body, {
        TTL: 60,
        urgency: 'high',
        vapidDetails: { subject: vapid.subject, publicKey: vapid.vapidPublicKey, privateKey: vapid.vapidPrivateKey },
        timeout: SEND_TIMEOUT_MS,
        ...(deps.agent ? { agent: deps.agent } : {}),
      });
      deps.subscriptions.recordSuccess(subscription.endpoint);
      return true;
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      const host = new URL(subscription.endpoint).host;
      if (status !== undefined && DEAD_STATUSES.has(status)) {
        deps.subscriptions.remove(subscription.endpoint);
        log.warn({ status, host }, 'push subscription is gone: deleted');
      } else {
        deps.subscriptions.recordFailure(subscription.endpoint);
        log.warn({ status, host, err: error instanceof WebPushError ? { message: error.message } : error }, 'push not delivered');
      }
      return false;
    }
  };

  const broadcast: WebPush['broadcast'] = async (payload) => {
    const vapid = keys(false);
    if (!vapid) return { sent: 0, failed: 0 };
    const body = JSON.stringify(payload);
    const results = await Promise.all(deps.subscriptions.list().map((subscription) => sendOne(subscription, body, vapid)));
    const sent = results.filter(Boolean).length;
    return { sent, failed: results.length - sent };
  };

  return {
    status() {
      const vapid = keys(deps.config.get().interface.notifications.enabled);
      return vapid ? { publicKey: vapid.vapidPublicKey, hasPublicKey: true } : { hasPublicKey: false };
    },
    broadcast,
    channel: {
      name: 'webpush',
      isOn: () => keys(false) !== undefined && deps.subscriptions.list().length > 0,
      async send(notification) {
        const { failed } = await broadcast(pushPayload(notification));
        if (failed > 0) throw new Error(`${failed} push subscription(s) not reached`);
      },
    },
  };
}
