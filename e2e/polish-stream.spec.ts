import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';
import { saveScreenshot } from './support/screenshots';

/** Issue 16.2 in Chromium: a stream that cannot be reached shows the spec's words, and the banner clears on recovery. */
const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

test("a dropped stream says 'Stream connection failed: …', not the browser's words, and its banner clears once it is back", async ({ cui, loggedInPage: page }) => {
  const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: 'a slow reply please' });
  const banner = page.getByRole('alert');
  for (const layout of LAYOUTS) {
    for (const scheme of SCHEMES) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // The network fails under the page (the server is unreachable) until the route is lifted.
      await page.route('**/api/stream/**', (route) => route.abort('connectionrefused'));
      await page.goto(`/c/${run.sessionId}`);
      await expect(banner).toHaveText('Stream connection failed: the server cannot be reached');
      await expect(banner).not.toContainText(/Failed to fetch|network error/i);
      await saveScreenshot(page, `issue16-stream-failed-${layout.name}-${scheme}`);
      await page.unroute('**/api/stream/**');
      // Back in view, the page reconnects at once (otherwise after 5 s); the run may be live or over by then.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(banner).toHaveCount(0);
    }
  }
});
