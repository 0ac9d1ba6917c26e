import { installShellCache, type ShellScope } from './shell-cache';

/**
 * The service worker (served as /sw.js, bundled by the `serviceWorker` plugin in web/vite.config.ts), registered on
 * every page load (app/service-worker.ts): keeps the installed app's shell and offline page (shell-cache.ts), shows web push
 * notifications, opens the conversation when one is clicked, and for a permission request offers Approve and Deny,
 * which POST the request's single-use action link (no body: the link is the whole decision), and Changes, which opens
 * the conversation with its Changes panel. The web app's program has the DOM library, not the
 * webworker one (they clash), so the few worker types used are declared here.
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
  action: string;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClientLike | null>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

/** What the server pushes (server/src/features/notifications/web-push.ts `PushPayload`). */
interface PushPayload {
  title?: string;
  message?: string;
  tag?: string;
  data?: { type?: string; sessionId?: string; permissionRequestId?: string; approveUrl?: string; denyUrl?: string; changesUrl?: string };
}

/** NotificationOptions with the worker-only fields the DOM library leaves out. */
interface WorkerNotificationOptions extends NotificationOptions {
  actions?: { action: string; title: string }[];
  requireInteraction?: boolean;
}

/** Chromium shows at most two action buttons (Notification.maxActions); iOS/Safari shows none, so a click opens the page. */
const DECISION_ACTIONS = [
  { action: 'approve', title: 'Approve' },
  { action: 'deny', title: 'Deny' },
];
/**
 * The conversation with its Changes panel open (issue 24.5). Listed after Approve and Deny, which matter more: a browser
 * showing two buttons (Chromium) leaves it out, and the click on the notification still opens the conversation.
 */
const CHANGES_ACTION = { action: 'changes', title: 'Changes' };

const scope = self as unknown as WorkerScope;
installShellCache(self as unknown as ShellScope);

/** A script-constructed event (the e2e tests dispatch one) throws on waitUntil: the work still runs. */
function keepAlive(event: ExtendableEventLike, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Deliberate: an untrusted event cannot extend its lifetime; `work` is already running.
  }
}

async function tellPages(message: Record<string, unknown>): Promise<void> {
  for (const client of await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

async function show(payload: PushPayload): Promise<void> {
  const data = payload.data ?? {};
  const decidable = data.type === 'permission' && Boolean(data.approveUrl && data.denyUrl);
  const actions = [...(decidable ? DECISION_ACTIONS : []), ...(data.changesUrl ? [CHANGES_ACTION] : [])];
  const options: WorkerNotificationOptions = {
    body: payload.message ?? '',
    tag: payload.tag,
    data,
    ...(actions.length > 0 ? { actions } : {}),
    ...(decidable ? { requireInteraction: true } : {}),
  };
  await scope.registration.showNotification(payload.title ?? 'CUI', options);
  // The page can refresh what it shows (and tests assert on this rather than on getNotifications()).
  await tellPages({ type: 'notification-shown', title: payload.title, tag: payload.tag, data, actions: actions.map((a) => a.action) });
}

/** Approve/Deny: POSTs the request's action link (same origin, no body), then tells open pages how it went. */
async function decide(action: 'approve' | 'deny', url: string, data: NonNullable<PushPayload['data']>): Promise<void> {
  let status = 0;
  try {
    status = (await fetch(url, { method: 'POST' })).status;
  } catch {
    // Deliberate: offline or the server is down; status 0 tells the pages, and the request stays pending in the console.
  }
  await tellPages({ type: 'notification-action', action, status, permissionRequestId: data.permissionRequestId, sessionId: data.sessionId });
}

/**
 * Shows `target` (a path with its query) in the console's open window, or in a new one when there is none or it cannot
 * be navigated (a page loaded before this worker took it over).
 */
async function open(target: string): Promise<void> {
  const [client] = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const shown = client ? await showIn(client, target) : false;
  if (!shown) await scope.clients.openWindow(target);
}

async function showIn(client: WindowClientLike, target: string): Promise<boolean> {
  const here = new URL(client.url);
  let window: WindowClientLike | null = client;
  if (here.pathname + here.search !== target) {
    try {
      window = await client.navigate(target);
    } catch {
      // Deliberate: navigate() rejects for a page this worker does not control; the caller opens a window instead.
      return false;
    }
  }
  try {
    await window?.focus();
  } catch {
    // Deliberate: a browser lets a worker focus a window only while it handles the user's tap; the page shows the target either way.
  }
  return true;
}

scope.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    // Deliberate: a push that is not JSON still shows a (generic) notification, as browsers require.
  }
  keepAlive(event, show(payload));
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as NonNullable<PushPayload['data']>;
  const url = event.action === 'approve' ? data.approveUrl : event.action === 'deny' ? data.denyUrl : undefined;
  if ((event.action === 'approve' || event.action === 'deny') && url) keepAlive(event, decide(event.action, url, data));
  else if (event.action === 'changes' && data.changesUrl?.startsWith('/c/')) keepAlive(event, open(data.changesUrl));
  else keepAlive(event, open(data.sessionId ? `/c/${encodeURIComponent(data.sessionId)}` : '/'));
});
