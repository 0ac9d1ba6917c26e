import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type PolishSeed, seedPolish } from './polish-seed';
import { saveScreenshot } from './support/screenshots';

/** Issue 16 in Chromium: the conversation view's defects, checked in the real layout, with screenshots. */
let seeded: PolishSeed = { sessionId: '', homeFile: '' };

const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const tool = (page: Page, name: string) => page.locator(`section[data-tool="${name}"]`);

/** The message list is virtualised: scrolls it from the top until `target` is rendered, then brings it into view. */
async function reveal(page: Page, target: Locator): Promise<Locator> {
  const list = page.getByTestId('message-list');
  await list.evaluate((el) => (el.scrollTop = 0));
  for (let step = 0; step < 40 && (await target.count()) === 0; step += 1) {
    await list.evaluate((el) => (el.scrollTop += el.clientHeight / 2));
  }
  await target.first().scrollIntoViewIfNeeded();
  return target;
}
const diffOf = (section: Locator) => section.getByTestId('diff-view');

/** Words (of the diff's code cells) that the browser split over two lines. */
function wordsBrokenMidWord(diff: Locator): Promise<string[]> {
  return diff.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root.querySelector('table') ?? root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The lowest contrast ratio of a syntax token against the added/removed background it sits on, and how many were measured. */
function lowestTokenContrast(diff: Locator): Promise<{ lowest: number; measured: number }> {
  return diff.evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    /** [r, g, b, alpha 0..1] of any CSS colour (Tailwind's are oklch), through a canvas. */
    const rgb = (css: string): number[] => {
      if (!context) throw new Error('no canvas');
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    /**
     * What is painted behind a token: every element under its centre, topmost first (word highlights may be layers
     * of their own, not ancestors), blended until an opaque one.
     */
    const background = (el: Element): number[] => {
      const rect = el.getBoundingClientRect();
      const layers: number[][] = [];
      for (const at of document.elementsFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)) {
        const [r = 0, g = 0, b = 0, a = 0] = rgb(getComputedStyle(at).backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      return layers.reduceRight((under, [r = 0, g = 0, b = 0, a = 1]) => [r * a + (under[0] ?? 0) * (1 - a), g * a + (under[1] ?? 0) * (1 - a), b * a + (under[2] ?? 0) * (1 - a)], [0, 0, 0]);
    };
    let lowest = Infinity;
    const tokens = root.querySelectorAll('td[class*="diff-added"] .token, td[class*="diff-removed"] .token');
    for (const token of tokens) {
      const fg = luminance(rgb(getComputedStyle(token).color));
      const bg = luminance(background(token));
      lowest = Math.min(lowest, (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05));
    }
    return { lowest, measured: tokens.length };
  });
}

test.describe('issue 16: the conversation view', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use((dirs) => void (seeded = seedPolish(dirs))) });

  for (const layout of LAYOUTS) {
    for (const scheme of SCHEMES) {
      test(`${layout.name}, ${scheme}`, async ({ loggedInPage: page, pageErrors }) => {
        await page.setViewportSize(layout.viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/c/${seeded.sessionId}`);
        await expect(page.getByText('Running the checks now.')).toBeVisible();

        // 1: the CLI's task notification is a compact line, not a user bubble with its XML.
        await expect(await reveal(page, page.getByText('Subagent finished'))).toBeVisible();
        await expect(page.locator('[data-role="user"]')).toHaveText(['Review the routes with a subagent, then tidy the config.']);
        await expect(page.getByTestId('message-list')).not.toContainText('task-notification');
        // 5: a finished session never spins.
        await expect(await reveal(page, tool(page, 'Bash'))).toBeVisible();
        await expect(tool(page, 'Bash').getByRole('status')).toHaveCount(0);
        // 6: the server's home directory (a temp dir here, not /home/x) is shown as '~'.
        await expect(await reveal(page, tool(page, 'Read'))).toContainText('~/notes/todo.md');
        // 7: a one-change edit (7 real lines between two folds) is not collapsed.
        const one = diffOf((await reveal(page, tool(page, 'Edit'))).first());
        await expect(one.getByText('Expand 2 lines ...').first()).toBeVisible();
        await expect(one.getByRole('button', { name: 'Show all lines' })).toHaveCount(0);
        await expect(one).not.toContainText('... +');
        // 7: the 12-line Write collapses; on a phone its toggle does not cover the first code line.
        const write = await reveal(page, tool(page, 'Write'));
        const toggle = write.getByRole('button', { name: 'Show all lines' });
        const firstRow = write.locator('table > tbody > tr').first();
        await expect(toggle).toBeVisible();
        if (layout.name === 'phone') {
          const [t, r] = [await toggle.boundingBox(), await firstRow.boundingBox()];
          expect(t && r ? t.y + t.height - r.y : Number.NaN).toBeLessThanOrEqual(1);
        }
        // 7: long prose in the split diff wraps between words.
        expect(await wordsBrokenMidWord(diffOf((await reveal(page, tool(page, 'Edit').nth(1))).first()))).toEqual([]);
        // 7: in dark mode highlighted code on added/removed backgrounds stays readable (WCAG AA, 4.5:1).
        if (scheme === 'dark') {
          const contrast = await lowestTokenContrast(diffOf((await reveal(page, tool(page, 'Edit').nth(2))).first()));
          expect(contrast.measured).toBeGreaterThan(10);
          expect(contrast.lowest).toBeGreaterThanOrEqual(4.5);
        }

        const list = page.getByTestId('message-list');
        await list.evaluate((el) => (el.scrollTop = 0));
        await saveScreenshot(page, `issue16-conversation-${layout.name}-${scheme}-1`);
        await reveal(page, tool(page, 'Edit').nth(2));
        await saveScreenshot(page, `issue16-conversation-${layout.name}-${scheme}-2`);
        await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
        await saveScreenshot(page, `issue16-conversation-${layout.name}-${scheme}-3`);
        expect(pageErrors).toEqual([]);
      });
    }
  }

  test('an unknown session says it is not found, with the way back and no composer, in every layout', async ({ loggedInPage: page }) => {
    for (const layout of LAYOUTS) {
      for (const scheme of SCHEMES) {
        await page.setViewportSize(layout.viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/c/00000000-0000-4000-8000-000000000000');
        await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go back to tasks' })).toBeVisible();
        await expect(page.getByPlaceholder('Continue the conversation...')).toHaveCount(0);
        await expect(page.getByText('New conversation')).toHaveCount(0);
        await saveScreenshot(page, `issue16-not-found-${layout.name}-${scheme}`);
      }
    }
  });
});
