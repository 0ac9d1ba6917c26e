import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';
import { seedShowcase } from './conversation-showcase';
import { saveScreenshot } from './support/screenshots';

let sessionId = '';

const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Screenshots the message list page by page from the top, `<name>-1.png`, `<name>-2.png`, … */
async function shootList(page: Page, name: string): Promise<number> {
  const list = page.getByTestId('message-list');
  await list.evaluate((el) => (el.scrollTop = 0));
  for (let part = 1; part <= 12; part++) {
    await nextFrames(page);
    // Diff viewers load on demand: picture them, not their plain-text stand-ins.
    await expect(list.locator('[aria-busy="true"]')).toHaveCount(0);
    await saveScreenshot(page, `${name}-${part}`);
    const done = await list.evaluate((el) => {
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) return true;
      el.scrollTop += el.clientHeight - 80;
      return false;
    });
    if (done) return part;
  }
  return 12;
}

test.describe('conversation screenshots: every panel', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (sessionId = seedShowcase(dirs))) });

  for (const layout of LAYOUTS) {
    for (const scheme of SCHEMES) {
      test(`${layout.name}, ${scheme}`, async ({ loggedInPage: page }) => {
        await page.setViewportSize(layout.viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/c/${sessionId}`);
        await expect(page.locator('section[data-tool="ExitPlanMode"]')).toBeVisible();
        await page.getByTestId('message-list').evaluate((el) => (el.scrollTop = 0));
        // Open the collapsed summaries so their content is in the picture too.
        for (const name of ['Thinking', 'Read 1 line']) await page.getByRole('button', { name }).click();
        await expect(page.getByTestId('diff-view').first()).toContainText('hello world');
        expect(await shootList(page, `conversation-panels-${layout.name}-${scheme}`)).toBeGreaterThan(1);
      });
    }
  }
});

test.describe('conversation screenshots: live prompts', () => {
  const prompts = [
    { name: 'permission', prompt: 'fix the file', expectText: 'Allow Edit?' },
    { name: 'question', prompt: 'ask me a question', expectText: 'Submit answers' },
    { name: 'plan', prompt: 'make a plan', expectText: 'Approve this plan?' },
  ];
  for (const { name, prompt, expectText } of prompts) {
    test(`${name} prompt in every layout and scheme`, async ({ cui, loggedInPage: page }) => {
      const repo = makeRepo(cui.dirs);
      const run = await startRun(cui, { workingDirectory: repo, initialPrompt: prompt, permissionMode: name === 'plan' ? 'plan' : 'default' });
      for (const layout of LAYOUTS) {
        for (const scheme of SCHEMES) {
          await page.setViewportSize(layout.viewport);
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`/c/${run.sessionId}`);
          await expect(page.getByRole('region', { name: 'Permission request' })).toContainText(expectText);
          await saveScreenshot(page, `conversation-${name}-${layout.name}-${scheme}`);
        }
      }
    });
  }
});
