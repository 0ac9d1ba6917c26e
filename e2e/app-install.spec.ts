import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeE2eDirs, removeE2eDirs } from './support/dirs';
import { startCuiServer, type CuiServer } from './support/server-process';
import { ensureWebBuild } from './support/web-build';

/** The active service worker's script URL once `navigator.serviceWorker.ready` resolves. */
function serviceWorkerReady(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('a plain load registers the service worker, without web push', async ({ loggedInPage: page, cui }) => {
  expect((await (await cui.api('/api/config')).json()).interface.notifications.enabled).toBe(false);
  expect(await serviceWorkerReady(page)).toBe(`${cui.url}/sw.js`);
  // It never keeps API data.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((pathname) => pathname.startsWith('/api/'))).toEqual([]);
});

test('Chromium finds the app installable, with PNG icons and an apple-touch-icon', async ({ cui }, testInfo) => {
  // A test's usual context is incognito-like, where Chromium never offers installing: a profile on disk is needed.
  const profile = path.join(cui.dirs.tmp, 'chromium-profile');
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${cui.url}/#token=${cui.token}`);
    expect(await serviceWorkerReady(page)).toBe(`${cui.url}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await fetch(`${cui.url}${touchIcon}`)).headers.get('content-type')).toBe('image/png');
  } finally {
    await context.close();
  }
  const manifest = (await (await fetch(`${cui.url}/manifest.webmanifest`)).json()) as { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest.icons.filter((icon) => icon.src.endsWith('.png')).map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

test('with the server stopped the page shows the offline page, and the app again once the server is back', async ({ page }) => {
  const dirs = makeE2eDirs();
  const servers: CuiServer[] = [];
  try {
    const webRoot = process.env.CUI_E2E_WEB_DIR ?? ensureWebBuild();
    const first = await startCuiServer({ dirs, webRoot });
    servers.push(first);
    await page.goto(`${first.url}/#token=${first.token}`);
    await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
    await serviceWorkerReady(page);

    await first.stop();
    await page.reload();
    const host = new URL(first.url).host;
    await expect(page.getByRole('heading', { name: `cui is not reachable at ${host}` })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Retrying');

    // The same directories (so the same token) on the same port: the page finds it by itself.
    servers.push(await startCuiServer({ dirs, webRoot, port: Number(new URL(first.url).port) }));
    await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle('cui');
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    removeE2eDirs(dirs);
  }
});
