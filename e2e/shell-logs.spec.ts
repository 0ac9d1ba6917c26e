import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';

test.describe('log monitor panel', () => {
  test('collapsed: Filter and Clear are disabled and the status is Disconnected', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    await expect(page.getByRole('button', { name: 'Logs' })).toBeVisible();
    await expect(page.getByPlaceholder('Filter logs...')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await expect(page.getByText('Disconnected')).toBeVisible();
  });

  test('opening the panel connects, shows a line logged afterwards, and the filter narrows to it', async ({ loggedInPage: page, cui, pageErrors }) => {
    await page.goto('/inspector');
    await page.getByRole('button', { name: 'Logs' }).click();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    const log = page.getByRole('log', { name: 'Log entries' });
    // The recent entries include the requests this page made.
    await expect(log.getByText('/api/logs/recent').first()).toBeVisible();

    // An unknown API path is logged (request + 404) with the marker in its URL.
    const marker = `e2e-marker-${randomUUID().slice(0, 8)}`;
    const response = await cui.api(`/api/${marker}`);
    expect(response.status).toBe(404);
    await expect(log.getByText(marker).first()).toBeVisible();

    await page.getByPlaceholder('Filter logs...').fill(marker.toUpperCase());
    await expect(log.getByText('/api/logs/recent')).toHaveCount(0);
    await expect(log.getByText(marker).first()).toBeVisible();
    const rows = log.locator('[data-log-kind]');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expect(rows.nth(i)).toContainText(marker);

    await page.getByPlaceholder('Filter logs...').fill('');
    await page.emulateMedia({ colorScheme: 'light' });
    await saveScreenshot(page, 'inspector-logs-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await saveScreenshot(page, 'inspector-logs-dark');
    expect(pageErrors).toEqual([]);
  });

  test('Clear empties the list, a filter without matches shows No logs to display, collapsing disconnects', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    await page.getByRole('button', { name: 'Logs' }).click();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Log entries' })).toBeVisible();

    await page.getByPlaceholder('Filter logs...').fill('no-such-entry-anywhere');
    await expect(page.getByText('No logs to display')).toBeVisible();
    await page.getByPlaceholder('Filter logs...').fill('');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('No logs to display')).toBeVisible();

    await page.getByRole('button', { name: 'Logs' }).click();
    await expect(page.getByText('Disconnected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the inspector and its log panel fit the width without sideways scrolling', async ({ loggedInPage: page }) => {
    await page.goto('/inspector');
    await page.getByRole('button', { name: 'Logs' }).click();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Log entries' }).locator('[data-log-kind]').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'inspector-logs-mobile');
  });
});
