import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';
import { saveScreenshot } from './support/screenshots';

/** Issue 16.2 in Chromium: a stream that cannot be reached shows the spec's words, and the banner clears on recovery. */
const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The pid of a session's CLI, from the registry the CLI keeps in CLAUDE_CONFIG_DIR/sessions. */
async function cliPid(claudeConfigDir: string, sessionId: string): Promise<number> {
  const dir = path.join(claudeConfigDir, 'sessions');
  let pid: number | undefined;
  await expect
    .poll(() => {
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        try {
          const entry = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { pid?: number; sessionId?: string };
          if (entry.sessionId === sessionId) pid = entry.pid;
        } catch {
          // A registry file being written right now: read again on the next poll.
        }
      }
      return pid;
    })
    .toBeGreaterThan(0);
  return pid as number;
}

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

test("a run that closes without a result paints 'Closed' instead of losing its status line", async ({ cui, loggedInPage: page }) => {
  const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: 'be slow please' });
  await page.goto(`/c/${run.sessionId}`);
  const status = page.getByTestId('status-line');
  await expect(status.getByRole('status', { name: 'Running' })).toBeVisible();
  // The CLI dies mid-reply (a Stop interrupts politely and still gets a result; a crash does not).
  process.kill(await cliPid(cui.dirs.claudeConfigDir, run.sessionId), 'SIGKILL');
  await expect(status).toHaveText('Closed');
  await expect(status.getByRole('status')).toHaveCount(0);
  for (const layout of LAYOUTS) {
    for (const scheme of SCHEMES) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await expect(status).toHaveText('Closed');
      await saveScreenshot(page, `issue16-closed-${layout.name}-${scheme}`);
    }
  }
});
