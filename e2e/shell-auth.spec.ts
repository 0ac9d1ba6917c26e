import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';

const WRONG_TOKEN = '0123456789abcdef0123456789abcdef';

test.describe('login and token handling', () => {
  test('a valid #token= fragment logs in, leaves the address bar and keeps the token in local storage only, never in a cookie', async ({ page, cui, context, pageErrors }) => {
    await page.goto(`/#token=${cui.token}`);
    await expect(page.getByRole('link', { name: 'cui' })).toBeVisible();
    await expect(page.getByText('Access token:')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(page.url()).not.toContain(cui.token);

    // Issue 29.12 (a deliberate departure from the spec's cookie): cookies ignore ports, so one would hand the token to
    // every other server on this host.
    const cookies = await context.cookies();
    expect(cookies.filter((entry) => entry.value.includes(cui.token))).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('cui-auth-token');
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBe(cui.token);
    expect(pageErrors).toEqual([]);
  });

  test('a token cookie left by an earlier version is deleted on the next load, and the user stays logged in', async ({ page, cui, context, baseURL }) => {
    await context.addCookies([{ name: 'cui-auth-token', value: cui.token, url: baseURL!, sameSite: 'Strict' }]);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'cui' })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).filter((entry) => entry.value.includes(cui.token))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBe(cui.token);
  });

  test('a #token= link opened in a tab that already shows the login screen logs in and clears the fragment', async ({ page, cui }) => {
    await page.goto('/inspector');
    await expect(page.getByText('Access token:')).toBeVisible();
    await page.goto(`/inspector#token=${cui.token}`);
    await expect(page.getByRole('heading', { name: 'CUI Raw JSON Interface' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(page.url()).not.toContain(cui.token);
  });

  test('on a phone, the login screen says where the token is and takes a pasted login URL through its visible button', async ({ page, cui, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByText(/CUI_HOME\/config\.json/)).toBeVisible();
    const button = page.getByRole('button', { name: 'Log in' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const input = page.getByLabel('Access token:');
    await input.click();
    await input.fill(`${baseURL}/#token=${cui.token}`);
    await saveScreenshot(page, 'login-phone-pasted-url');
    await button.click();
    await expect(page.getByRole('link', { name: 'cui' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cui-auth-token'))).toBe(cui.token);
  });

  test('without a token every route shows the login screen; the submit button is shown and enabled once something is typed', async ({ page }) => {
    await page.goto('/inspector');
    await expect(page.getByText('Access token:')).toBeVisible();
    const input = page.getByLabel('Access token:');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await input.pressSequentially('ABC');
    await expect(input).toHaveValue('abc');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
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
