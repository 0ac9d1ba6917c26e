/** The one service worker, at the root so its scope is the whole app (web/src/sw/sw.ts). */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_OPTIONS: RegistrationOptions = { type: 'module', scope: '/' };

/**
 * Registers the service worker on every page load, after the page has loaded so it never competes with the first
 * paint: it keeps the installed app's shell and offline page, and it is the worker web push uses (registering again
 * with the same script and options changes nothing). Browsers offer it only to secure pages (HTTPS or localhost).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = (): void => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, SERVICE_WORKER_OPTIONS).catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
