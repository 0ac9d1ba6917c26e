import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';

const WRONG_TOKEN = '0123456789abcdef0123456789abcdef';

test.describe('login and token handling', () => {
  test('a valid #token= fragment logs in, leaves the address bar and sets the 7-day SameSite Strict cookie', async ({ page, cui, context, pageErrors }) => {
    await page.goto(`/#token=${cui.token}`);
    await expect(page.getByRole('link', { name: 'cui' })).toBeVisible();
    await expect(page.getByText('Access token:')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(page.url()).not.toContain(cui.token);

    const cookie = (await context.cookies()).find((entry) => entry.name === 'cui-auth-token');
    expect(cookie?.value).toBe(cui.token);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Strict');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBe(cui.token);
    expect(pageErrors).toEqual([]);
  });

  test('without a token every route shows the login screen; the submit button appears once something is typed', async ({ page }) => {
    await page.goto('/inspector');
    await expect(page.getByText('Access token:')).toBeVisible();
    const input = page.getByLabel('Access token:');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await input.pressSequentially('ABC');
    await expect(input).toHaveValue('abc');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await saveScreenshot(page, 'login-light');
  });

  test('a wrong token typed on the login screen gives Invalid token, for a bad format and for a token the server rejects', async ({ page }) => {
    await page.goto('/');
    const input = page.getByLabel('Access token:');
    await input.fill('not-a-token');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid token');

    await input.fill(WRONG_TOKEN);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Invalid token');
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBeNull();
  });

  test('the right token typed on the login screen (upper-case is lowered) is stored and the page reloads logged in', async ({ page, cui }) => {
    await page.goto('/inspector');
    await page.getByLabel('Access token:').fill(cui.token.toUpperCase());
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'CUI Raw JSON Interface' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBe(cui.token);
  });

  test('an invalid #token= fragment is ignored with a console warning', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/#token=NOT-VALID');
    await expect(page.getByText('Access token:')).toBeVisible();
    expect(warnings).toContain('Invalid token format in URL fragment');
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBeNull();
  });

  test('a stored token the server rejects (401) sends the user back to the login screen', async ({ page }) => {
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('cui-auth-token', token), WRONG_TOKEN);
    await page.goto('/inspector');
    await expect(page.getByText('Access token:')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBeNull();
  });

  test('the login screen in dark mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByLabel('Access token:').fill(WRONG_TOKEN);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid token');
    await saveScreenshot(page, 'login-dark-invalid');
  });
});
