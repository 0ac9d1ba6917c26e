/**
 * The installed app's shell in the service worker: the offline page with its script, the manifest and the icons are
 * kept in a cache; a page load goes to the network and, when the server cannot be reached, gets the offline page
 * ('cui is not reachable at …', retrying) instead of the browser's error. API data is never cached or answered from
 * here: /api and the built assets (/assets, content-hashed, revalidated by the browser's HTTP cache) go straight to
 * the network, past this worker where the browser supports static routing.
 */

export interface FetchEventLike extends Event {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
export interface InstallEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
  /** Chromium's ServiceWorker static routing API (absent elsewhere). */
  addRoutes?(rules: { condition: { urlPattern: string }; source: 'network' }[]): Promise<void>;
}
export interface ShellScope {
  location: Location;
  registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

/** Bump when SHELL changes: activation deletes every other `cui-shell-` cache. */
const CACHE = 'cui-shell-v1';
export const OFFLINE_PAGE = '/offline.html';
const SHELL = [OFFLINE_PAGE, '/offline.js', '/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/apple-touch-icon.png'];
/** What a proxy in front of cui (Tailscale serve, Caddy) answers while cui itself is down. */
const PROXY_UNREACHABLE = new Set([502, 503, 504]);

async function install(event: InstallEventLike, scope: ShellScope): Promise<void> {
  // Rejected rules (an older Chromium) only cost a trip through the fetch handler, which lets these pass too.
  await event.addRoutes?.([{ condition: { urlPattern: '/api/*' }, source: 'network' }, { condition: { urlPattern: '/assets/*' }, source: 'network' }]).catch(() => undefined);
  await (await caches.open(CACHE)).addAll(SHELL);
  await scope.skipWaiting();
}

async function activate(scope: ShellScope): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith('cui-shell-') && name !== CACHE) await caches.delete(name);
  // The page's request starts while this worker wakes up: a load through it costs no extra round trip.
  await scope.registration.navigationPreload?.enable();
}

async function offlinePage(): Promise<Response> {
  return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
}

async function navigate(event: FetchEventLike): Promise<Response> {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    return PROXY_UNREACHABLE.has(response.status) ? await offlinePage() : response;
  } catch {
    return offlinePage();
  }
}

/** The network's answer, the cached copy when it cannot be had. */
async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request)) ?? Response.error();
  }
}

export function installShellCache(scope: ShellScope): void {
  scope.addEventListener('install', (event) => event.waitUntil(install(event, scope)));
  scope.addEventListener('activate', (event) => event.waitUntil(activate(scope)));
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== scope.location.origin || url.pathname.startsWith('/api/')) return;
    if (request.mode === 'navigate') event.respondWith(navigate(event));
    else if (SHELL.includes(url.pathname)) event.respondWith(networkFirst(request));
  });
}
