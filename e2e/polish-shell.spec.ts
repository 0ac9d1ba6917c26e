import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginScreen, logPanel } from './support/pages';
import { saveScreenshot } from './support/screenshots';

/** Issue 16 in Chromium: login after a rejected token, the log panel, the home row and the disabled Send button. */
const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function eachLayout(page: Page, shoot: (name: string, layout: (typeof LAYOUTS)[number]['name']) => Promise<void>): Promise<void> {
  for (const layout of LAYOUTS) {
    for (const scheme of SCHEMES) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(`${layout.name}-${scheme}`, layout.name);
    }
  }
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
};

/** Relative luminance of an element's computed background colour (any CSS colour syntax, through a canvas). */
const backgroundLuminance = (locator: Locator) =>
  locator.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(el).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });

test("a well-formed but wrong stored token brings the login screen with 'Unauthorized'", async ({ page }) => {
  await eachLayout(page, async (name) => {
    await page.goto('about:blank');
    await page.goto(`/#token=${'0'.repeat(32)}`);
    await expect(loginScreen(page).label).toBeVisible();
    await expect(loginScreen(page).error).toHaveText('Unauthorized');
    await saveScreenshot(page, `issue16-login-unauthorized-${name}`);
  });
});

test('the log panel: one toolbar height, rounded numbers, no gap after the level, one line per entry on a phone', async ({ loggedInPage: page }) => {
  await page.goto('/inspector');
  const panel = logPanel(page);
  await panel.toggle.click();
  await expect(panel.connected).toBeVisible();
  const timed = panel.entries.filter({ hasText: 'responseTime=' });
  await expect(timed.first()).toBeVisible();
  await eachLayout(page, async (name, layout) => {
    const [filter, clear, toggle] = [await box(panel.filter), await box(panel.clear), await box(panel.toggle)];
    expect(Math.abs(filter.height - clear.height)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(filter.y + filter.height / 2 - (clear.y + clear.height / 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(toggle.y + toggle.height / 2 - (clear.y + clear.height / 2))).toBeLessThanOrEqual(1);
    for (const text of await timed.allTextContents()) expect(text).not.toMatch(/responseTime=\d+\.\d{3,}/);
    const gaps = await panel.entries.locator('[data-log-level]').evaluateAll((levels) =>
      levels.map((level) => (level.nextElementSibling?.getBoundingClientRect().left ?? 0) - level.getBoundingClientRect().left - level.scrollWidth),
    );
    expect(Math.max(...gaps)).toBeLessThanOrEqual(16);
    if (layout === 'phone') {
      const heights = await panel.entries.evaluateAll((entries) => entries.filter((e) => e.getAttribute('data-log-kind') === 'json').map((e) => e.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThanOrEqual(30);
    }
    await saveScreenshot(page, `issue16-logs-${name}`);
  });
});

test.describe('home', () => {
  test.use({
    transcripts: [
      {
        sessionId: '5b0c8a3e-1f2d-4c6b-9a7e-0d4f3b2a1c90',
        cwd: 'old-project',
        startTime: new Date(Date.now() - 450 * 86_400_000 - 3_600_000),
        messages: [{ role: 'user', content: 'Tidy up the old project' }, { role: 'assistant', content: 'Done.' }],
      },
    ],
  });

  test("a row keeps 'Nd ago' with the full date as a tooltip; the disabled Send button looks disabled in dark mode", async ({ loggedInPage: page }) => {
    await eachLayout(page, async (name) => {
      await page.goto('/');
      const age = page.getByText('450d ago');
      await expect(age).toBeVisible();
      expect(await age.getAttribute('title')).toMatch(/\d/);
      const send = page.getByRole('button', { name: 'Send' });
      await expect(send).toBeDisabled();
      if (name.endsWith('dark')) expect(await backgroundLuminance(send)).toBeLessThan(0.1);
      await saveScreenshot(page, `issue16-home-${name}`);
    });
  });
});
