import type { Locator, Page } from '@playwright/test';
import { spawnClaude, type ClaudeRun } from '../fake-model/test-support';
import { testChildEnv } from '../server/test/test-dirs';
import { expect, test } from './fixtures';
import { makeRepo, waitForRunEnd } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';
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

/** WCAG contrast ratio of an element's text colour against its own background colour. */
const contrast = (locator: Locator) =>
  locator.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const luminance = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const style = getComputedStyle(el);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });

test.describe('the app header in demo mode', () => {
  test.use({ demoMode: true });

  test("fits at phone width with the demo badge on one line; the inbox count is readable and the button as tall as its neighbours", async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs, 'waiting');
    const started = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: repo, initialPrompt: 'fix the file please', permissionMode: 'default' }) });
    expect(started.ok).toBe(true);
    const inbox = page.getByRole('button', { name: /^Needs you:/ });
    await expect(inbox).toBeVisible();
    await eachLayout(page, async (name, width) => {
      const header = page.locator('header').first();
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const badge = page.getByRole('status').filter({ hasText: 'Demo mode' });
      expect((await box(badge)).height).toBeLessThanOrEqual(24);
      for (const button of [inbox, page.getByRole('button', { name: 'Settings' }), page.getByRole('button', { name: /^Theme:/ })]) await expectInside(button, width);
      expect((await box(inbox)).height).toBe((await box(page.getByRole('button', { name: 'Settings' }))).height);
      expect(await contrast(inbox.locator('span'))).toBeGreaterThanOrEqual(4.5);
      await saveScreenshot(page, `wave2-app-header-${name}`);
    });
  });
});

test.describe('the home composer', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void makeRepo(dirs, 'touch-repo')) });
  test.use({ transcripts: [{ sessionId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', cwd: 'touch-repo', messages: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi.' }] }] });

  test('every control of the composer is a 40 px touch target at phone width (the desktop keeps its compact sizes)', async ({ loggedInPage: page }) => {
    const form = page.locator('form').filter({ has: page.getByRole('combobox', { name: 'Task' }) });
    await expect(form.getByRole('button', { name: 'Worktree' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Voice input' })).toBeVisible();
    await eachLayout(page, async (name, width) => {
      const buttons = form.getByRole('button');
      for (const button of await buttons.all()) {
        const rect = await box(button);
        const label = (await button.getAttribute('aria-label')) ?? (await button.textContent());
        if (width < 640) expect(Math.min(rect.width, rect.height), `${label} at ${name}`).toBeGreaterThanOrEqual(40);
        await expectInside(button, width);
      }
      await saveScreenshot(page, `wave2-home-composer-${name}`);
    });
  });
});

test('the settings tabs keep one-line labels at phone width, and the Voice Input and Notifications tabs fit the screen', async ({ loggedInPage: page }) => {
  await eachLayout(page, async (name, width) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const tabs = dialog.getByRole('tab');
    const heights = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(0.5);
    expect(Math.max(...heights)).toBeLessThanOrEqual(40);
    for (const tab of ['Voice Input', 'Notifications']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectInside(dialog.getByRole('tabpanel'), width);
      expect(await dialog.getByRole('tabpanel').evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
      await saveScreenshot(page, `wave2-settings-${tab.replace(' ', '-').toLowerCase()}-${name}`);
    }
    await page.keyboard.press('Escape');
  });
});

test.describe('home rows of live sessions', () => {
  let terminal: ClaudeRun | undefined;
  test.afterEach(() => terminal?.kill());

  test("'Active in terminal' and 'Awaiting approval…' are read whole at phone width", async ({ cui, loggedInPage: page }) => {
    const gate = fakeGate(cui, 'polish-terminal');
    terminal = spawnClaude({ cwd: makeRepo(cui.dirs, 'terminal'), env: testChildEnv(cui.dirs, cui.fakeUrl), args: ['-p', gate.prompt('hello from my terminal')] });
    await gate.held(0);
    const asking = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify({ workingDirectory: makeRepo(cui.dirs, 'asking'), initialPrompt: 'fix the file please', permissionMode: 'default' }) });
    expect(asking.ok).toBe(true);
    await page.goto('/');
    const statuses = page.getByTestId('live-status');
    await expect(statuses.filter({ hasText: 'Active in terminal' })).toBeVisible({ timeout: 30_000 });
    await expect(statuses.filter({ hasText: /^Awaiting approval/ })).toBeVisible();
    await eachLayout(page, async (name) => {
      for (const status of await statuses.all()) {
        expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth), await status.textContent() ?? '').toBe(true);
      }
      await saveScreenshot(page, `wave2-home-live-rows-${name}`);
    });
    await gate.release(0);
  });
});
