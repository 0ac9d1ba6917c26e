/**
 * The service worker (served as /sw.js, bundled by the `serviceWorker` plugin in web/vite.config.ts): shows web push
 * notifications and opens the conversation when one is clicked. The web app's program has the DOM library, not the
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
  navigate(url: string): Promise<unknown>;
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
  data?: { type?: string; sessionId?: string };
}

const scope = self as unknown as WorkerScope;

/** A script-constructed event (the e2e tests dispatch one) throws on waitUntil: the work still runs. */
function keepAlive(event: ExtendableEventLike, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Deliberate: an untrusted event cannot extend its lifetime; `work` is already running.
  }
}

async function show(payload: PushPayload): Promise<void> {
  await scope.registration.showNotification(payload.title ?? 'CUI', { body: payload.message ?? '', tag: payload.tag, data: payload.data ?? {} });
  // The page can refresh what it shows (and tests assert on this rather than on getNotifications()).
  for (const client of await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    client.postMessage({ type: 'notification-shown', title: payload.title, tag: payload.tag, data: payload.data });
  }
}

async function open(sessionId: string | undefined): Promise<void> {
  const target = sessionId ? `/c/${encodeURIComponent(sessionId)}` : '/';
  const [client] = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (!client) {
    await scope.clients.openWindow(target);
    return;
  }
  await client.focus();
  if (new URL(client.url).pathname !== target) await client.navigate(target);
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
  const data = (event.notification.data ?? {}) as PushPayload['data'];
  keepAlive(event, open(data?.sessionId));
});
