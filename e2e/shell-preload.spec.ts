import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { recordCspViolations } from './support/csp';

/**
 * Issue 11 point 4: the page asks for the code of the screen its address shows while its HTML parses (an inline script
 * of the build, allowed by the CSP's hash), not once the entry chunk has arrived and run.
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
});
