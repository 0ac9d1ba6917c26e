import { expect, test } from './fixtures';

test.describe('theme', () => {
  test('with the default system preference the theme follows prefers-color-scheme live', async ({ loggedInPage: page }) => {
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test('the toggle cycles light, dark, system, light and the choice survives a reload', async ({ loggedInPage: page }) => {
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('cui-theme'))).toBe('light');

    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('a stored dark theme is on <html> before the app script runs (no light flash)', async ({ loggedInPage: page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => localStorage.setItem('cui-theme', 'dark'));
    // Block the app bundle: only the inline pre-paint script in index.html can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('link', { name: 'cui' })).toHaveCount(0);
  });
});

test.describe('header', () => {
  test.use({ demoMode: true });

  test('shows the demo-mode badge when the server runs the scripted model, in light and dark', async ({ loggedInPage: page }) => {
    await expect(page.getByText('Demo mode — scripted model')).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByText('Demo mode — scripted model')).toBeVisible();
  });
});

test('without demo mode there is no demo badge', async ({ loggedInPage: page }) => {
  // Only the status call of the reloaded page counts: the one before it may still be in flight, and its body is gone
  // once the page navigates away.
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  const status = page.waitForResponse((response) => reloaded && response.url().endsWith('/api/system/status') && response.ok());
  await page.reload();
  expect(await (await status).json()).toMatchObject({ demoMode: false });
  await expect(page.getByRole('link', { name: 'cui' })).toBeVisible();
  await expect(page.getByText('Demo mode — scripted model')).toHaveCount(0);
});
