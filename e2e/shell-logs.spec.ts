import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { logPanel } from './support/pages';
import { saveScreenshot } from './support/screenshots';

test.describe('log monitor panel', () => {
  test('collapsed: Filter and Clear are disabled and the status is Disconnected', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    const panel = logPanel(page);
    await expect(panel.toggle).toBeVisible();
    await expect(panel.filter).toBeDisabled();
    await expect(panel.clear).toBeDisabled();
    await expect(panel.disconnected).toBeVisible();
  });

  test('opening the panel connects, shows a line logged afterwards, and the filter narrows to it', async ({ loggedInPage: page, cui, pageErrors }) => {
    await page.goto('/inspector');
    const panel = logPanel(page);
    await panel.toggle.click();
    await expect(panel.connected).toBeVisible();
    // The recent entries include the requests this page made.
    await expect(panel.list.getByText('/api/logs/recent').first()).toBeVisible();

    // An unknown API path is logged (request + 404) with the marker in its URL.
    const marker = `e2e-marker-${randomUUID().slice(0, 8)}`;
    const response = await cui.api(`/api/${marker}`);
    expect(response.status).toBe(404);
    await expect(panel.list.getByText(marker).first()).toBeVisible();

    await panel.filter.fill(marker.toUpperCase());
    await expect(panel.list.getByText('/api/logs/recent')).toHaveCount(0);
    await expect(panel.list.getByText(marker).first()).toBeVisible();
    const count = await panel.entries.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expect(panel.entries.nth(i)).toContainText(marker);

    await panel.filter.fill('');
    await page.emulateMedia({ colorScheme: 'light' });
    await saveScreenshot(page, 'inspector-logs-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await saveScreenshot(page, 'inspector-logs-dark');
    expect(pageErrors).toEqual([]);
  });

  test('Clear empties the list, a filter without matches shows No logs to display, collapsing disconnects', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    const panel = logPanel(page);
    await panel.toggle.click();
    await expect(panel.connected).toBeVisible();
    await expect(panel.list).toBeVisible();

    await panel.filter.fill('no-such-entry-anywhere');
    await expect(panel.empty).toBeVisible();
    await panel.filter.fill('');
    await panel.clear.click();
    await expect(panel.empty).toBeVisible();

    await panel.toggle.click();
    await expect(panel.disconnected).toBeVisible();
    await expect(panel.clear).toBeDisabled();
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the inspector and its log panel fit the width without sideways scrolling', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    const panel = logPanel(page);
    await panel.toggle.click();
    await expect(panel.connected).toBeVisible();
    await expect(panel.entries.first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'inspector-logs-mobile');
  });
});
