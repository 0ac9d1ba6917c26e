import { DEFAULT_NTFY_URL, ntfyTopic } from '@cui/contract';
import type { NotificationChannel, NotificationContext } from './channel';
import { changesPath, type Notification } from './messages';

/** A publish that takes longer is abandoned (and logged): a slow ntfy must not pile up requests. */
export const NTFY_TIMEOUT_MS = 10_000;

/** ntfy's JSON publish body (https://docs.ntfy.sh/publish/#publish-as-json). */
export interface NtfyMessage {
  topic: string;
  title: string;
  message: string;
  tags: string[];
  priority: number;
  click?: string;
  actions?: NtfyAction[];
}

/**
 * ntfy's action buttons (https://docs.ntfy.sh/publish/#action-buttons), at most 3: an `http` action carries no body or
 * headers; `clear` dismisses the notification once tapped.
 */
export type NtfyAction =
  | { action: 'http'; label: string; url: string; method: 'POST'; clear: true }
  | { action: 'view'; label: string; url: string; clear: boolean };

/** JSON is published to the server's root; a path prefix (ntfy behind a reverse proxy) is kept. */
export function ntfyPublishUrl(ntfyUrl: string | undefined): string {
  const url = new URL(ntfyUrl ?? DEFAULT_NTFY_URL);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * `{publicUrl}/c/{sessionId}` (the console itself for a notification about no session), or undefined without a public
 * URL (a phone cannot open 127.0.0.1).
 */
export function sessionLink(publicUrl: string | undefined, sessionId: string): string | undefined {
  if (!publicUrl) return undefined;
  const base = publicUrl.replace(/\/+$/, '');
  return sessionId ? `${base}/c/${encodeURIComponent(sessionId)}` : `${base}/`;
}

/**
 * Approve, Deny (`http` actions the phone POSTs without a body: Android's ntfy app sends no content type then) and
 * Changes (the conversation with its Changes panel open, issue 24.5), only with a public URL: the phone cannot reach
 * 127.0.0.1, and without one there is no link to send at all. ntfy allows three buttons; opening the conversation is
 * the message's `click`, so no button is spent on it. Changes leaves the notification up: whoever reviews the diff
 * still needs Approve and Deny.
 */
export function ntfyActions(notification: Notification, publicUrl: string | undefined): NtfyAction[] | undefined {
  const click = sessionLink(publicUrl, notification.sessionId);
  if (!publicUrl || !click) return undefined;
  const base = publicUrl.replace(/\/+$/, '');
  const changes: NtfyAction = { action: 'view', label: 'Changes', url: base + changesPath(notification.sessionId), clear: false };
  // A finished task: what it changed, to review (its only button).
  if (notification.kind === 'run-ended') return [changes];
  if (!notification.actions) return undefined;
  return [
    { action: 'http', label: 'Approve', url: base + notification.actions.approvePath, method: 'POST', clear: true },
    { action: 'http', label: 'Deny', url: base + notification.actions.denyPath, method: 'POST', clear: true },
    changes,
  ];
}

export function ntfyMessage(notification: Notification, context: NotificationContext): NtfyMessage {
  const click = sessionLink(context.settings.publicUrl, notification.sessionId);
  const actions = ntfyActions(notification, context.settings.publicUrl);
  return {
    topic: ntfyTopic(context.machineId),
    title: notification.title,
    message: notification.message,
    tags: notification.tags,
    priority: notification.priority,
    ...(click ? { click } : {}),
    ...(actions ? { actions } : {}),
  };
}

export interface NtfyChannelOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Publishes every notification as one JSON POST; a non-2xx answer or a network failure rejects. */
export function createNtfyChannel(options: NtfyChannelOptions = {}): NotificationChannel {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? NTFY_TIMEOUT_MS;
  return {
    name: 'ntfy',
    async send(notification, context) {
      const response = await doFetch(ntfyPublishUrl(context.settings.ntfyUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ntfyMessage(notification, context)),
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]),
      });
      // Drained either way so the connection is reused; ntfy's error body is short JSON ({code, error}).
      const text = await response.text();
      if (!response.ok) throw new Error(`ntfy answered ${response.status}: ${text.slice(0, 200)}`);
    },
  };
}
