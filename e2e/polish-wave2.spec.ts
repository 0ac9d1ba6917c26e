import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, waitForRunEnd } from './conversation-helpers';
import { saveScreenshot } from './support/screenshots';

/** A quality pass over the wave-2 features at desktop and phone width, light and dark. */
const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

async function eachLayout(page: Page, check: (name: string, width: number) => Promise<void>): Promise<void> {
  for (const layout of LAYOUTS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await check(`${layout.name}-${scheme}`, layout.viewport.width);
    }
  }
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
};

/** Fully inside the viewport's width (nothing pushed off the right edge). */
async function expectInside(locator: Locator, width: number): Promise<void> {
  const rect = await box(locator);
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(width);
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('the conversation header keeps its title, usage, worktree badge and buttons on screen at phone width', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs, 'a-repository-with-a-long-name');
  const started = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: repo, initialPrompt: 'hello there', worktree: true }) });
  const { sessionId } = (await started.json()) as { sessionId: string };
  await waitForRunEnd(cui, sessionId);
  await page.goto(`/c/${sessionId}`);
  await eachLayout(page, async (name, width) => {
    const title = page.getByRole('heading', { level: 1, name: 'hello there' });
    await expect(page.getByRole('button', { name: /^Usage:/ })).toBeVisible();
    expect((await box(title)).width).toBeGreaterThanOrEqual(60);
    const subtitle = page.getByTestId('conversation-subtitle');
    // The date, folder and commit stay on one line.
    expect((await box(subtitle)).height).toBeLessThanOrEqual(20);
    for (const button of [
      page.getByRole('button', { name: /^Usage:/ }),
      page.getByRole('button', { name: 'Discard worktree' }),
      page.getByRole('button', { name: 'Archive' }),
      page.getByRole('button', { name: 'More', exact: true }),
    ]) {
      await expectInside(button, width);
    }
    await expectInside(page.getByTestId('worktree-badge'), width);
    await saveScreenshot(page, `wave2-conversation-header-${name}`);
  });
});
