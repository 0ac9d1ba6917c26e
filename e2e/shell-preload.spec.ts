import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { recordCspViolations } from './support/csp';

/**
 * Issue 11 point 4: the page asks for the code of the screen its address shows while its HTML parses (an inline script
 * of the build, allowed by the CSP's hash), not once the entry chunk has arrived and run; and a conversation's first
 * window is asked for by the route's loader, alongside that code, not once the screen has loaded and rendered.
 */

const sessionId = randomUUID();

interface Fetch {
  name: string;
  start: number;
  end: number;
}

/** The JS files the page fetched, by base name without the build's hash ('index', 'conversation', ...). */
async function scripts(page: Page): Promise<Map<string, Fetch>> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const entry = e as PerformanceResourceTiming;
      return { name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd };
    }),
  );
  return new Map(entries.filter((entry) => entry.name.endsWith('.js')).map((entry) => [entry.name.replace(/^.*\/|-[\w-]{8}\.js$/g, ''), entry]));
}

/** A page in a new context (empty cache: the `loggedInPage` has the entry cached already), logged in by its token. */
const coldTest = test.extend<{ coldPage: Page }>({
  coldPage: async ({ browser, cui }, use) => {
    const context = await browser.newContext({ baseURL: cui.url });
    await context.addInitScript((token) => localStorage.setItem('cui-auth-token', token), cui.token);
    await use(await context.newPage());
    await context.close();
  },
});

coldTest.describe('route chunk preloading', () => {
  coldTest.use({ transcripts: [{ sessionId, cwd: 'project-p', messages: [{ role: 'user', content: 'preload prompt' }, { role: 'assistant', content: 'Preloaded answer.' }] }] });

  coldTest("a conversation's address asks for its screen's code before the entry chunk has arrived", async ({ coldPage: page }) => {
    const violations = recordCspViolations(page);
    await page.goto(`/c/${sessionId}`);
    await expect(page.getByText('Preloaded answer.')).toBeVisible();
    const fetched = await scripts(page);
    const entry = fetched.get('index');
    const screen = fetched.get('conversation');
    expect(entry && screen, [...fetched.keys()].join(' ')).toBeTruthy();
    expect(screen!.start).toBeLessThan(entry!.end);
    expect(fetched.has('home')).toBe(false);
    expect(violations).toEqual([]);
  });

  coldTest("the home address asks for the home screen's code before the entry chunk has arrived", async ({ coldPage: page }) => {
    const violations = recordCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByText('preload prompt')).toBeVisible();
    const fetched = await scripts(page);
    expect(fetched.get('home')!.start).toBeLessThan(fetched.get('index')!.end);
    expect(fetched.has('conversation')).toBe(false);
    expect(violations).toEqual([]);
  });

  coldTest("a conversation's first window is asked for while the screen's code is still on its way", async ({ coldPage: page }) => {
    // The screen's chunk is held back until the details request has gone out (which it never does if only the screen asks).
    const held = new Promise<Route>((resolve) => void page.route(/\/assets\/conversation-[\w-]+\.js$/, resolve));
    const details = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/conversations/${sessionId}`, { timeout: 15_000 });
    const opened = page.goto(`/c/${sessionId}`);
    await details;
    await (await held).continue();
    await opened;
    await expect(page.getByText('Preloaded answer.')).toBeVisible();
  });
});
