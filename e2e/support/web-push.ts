import type { BrowserContext, Page } from '@playwright/test';

/**
 * Web push in Chromium without a push service: the test decrypts what the server sent to its local push service
 * (server/test/fake-push) and hands the plaintext to the page's service worker over CDP. The worker's messages to the
 * page ('notification-shown', 'notification-action') are what tests assert on, never `getNotifications()`, which
 * headless Chromium under load sometimes leaves empty (wave2-verified.md §2).
 */

/** Waits until the page's service worker is active, then collects every message it posts (read with `workerMessages`). */
export async function listenToWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
    const received: unknown[] = [];
    (window as unknown as { workerMessages: unknown[] }).workerMessages = received;
    navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
    navigator.serviceWorker.startMessages();
  });
}

/** The messages the service worker posted to the page so far. */
export function workerMessages(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { workerMessages?: unknown[] }).workerMessages ?? []);
}

/** Delivers `plaintext` as a push message to the service worker registered for `origin` + '/'. */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, plaintext: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: plaintext });
}
