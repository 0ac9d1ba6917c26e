import jsQR from 'jsqr';
import { expect, test } from './fixtures';
import { saveScreenshot } from './support/screenshots';

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('Settings › Connect a device shows a QR code that decodes to the URL with the token, and copies it', async ({ loggedInPage: page, cui, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const expected = `${cui.url}/#token=${cui.token}`;
  await expect(dialog.getByRole('textbox', { name: 'URL with the access token' })).toHaveValue(expected);
  // The test server listens on 127.0.0.1: a phone cannot reach that.
  await expect(dialog.getByRole('note')).toContainText('loopback');

  const qr = dialog.getByRole('img', { name: 'QR code of the URL with the access token' });
  await expect(qr).toBeVisible();
  await saveScreenshot(page, 'settings-connect-device');
  // The canvas's own pixels, decoded in Node: what a phone's camera would read.
  const image = await qr.evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
    return data ? { width: data.width, height: data.height, pixels: Array.from(data.data) } : undefined;
  });
  expect(image).toBeDefined();
  const decoded = image && jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height);
  expect(decoded?.data).toBe(expected);

  await dialog.getByRole('button', { name: 'Copy URL' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('the Public URL, when set, is the URL the QR code carries', async ({ loggedInPage: page, cui }) => {
  await cui.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { notifications: { publicUrl: 'https://desk.tail1234.ts.net' } } }) });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'URL with the access token' })).toHaveValue(`https://desk.tail1234.ts.net/#token=${cui.token}`);
  await expect(dialog.getByRole('note')).toBeHidden();
});
