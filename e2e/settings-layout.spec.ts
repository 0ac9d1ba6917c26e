import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Issue 29.1: the Settings dialog's tab strip and position, measured in Chromium at a desktop and a phone width. */

const TABS = ['General', 'Notifications', 'Data controls', 'Voice Input', 'Model Provider'];

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px every tab label shows whole inside the strip, and the dialog keeps its top and height on every tab`, async ({ loggedInPage: page }) => {
    await page.setViewportSize(viewport);
    const dialog = await openSettings(page);
    const strip = dialog.getByRole('tablist');
    await expect(dialog.getByRole('tab')).toHaveText(TABS);
    const stripBox = await box(strip);
    expect(await strip.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const tab of await dialog.getByRole('tab').all()) {
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), await tab.innerText()).toBe(true);
      const tabBox = await box(tab);
      expect(tabBox.x, await tab.innerText()).toBeGreaterThanOrEqual(stripBox.x - 0.5);
      expect(tabBox.x + tabBox.width, await tab.innerText()).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
    }

    const frames: { name: string; top: number; height: number }[] = [];
    for (const name of [...TABS, 'General']) {
      const tab = dialog.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('data-state', 'active');
      await expect(dialog.getByRole('tabpanel')).toBeVisible();
      const frame = await box(dialog);
      frames.push({ name, top: Math.round(frame.y), height: Math.round(frame.height) });
    }
    const [first] = frames;
    expect(frames).toEqual(frames.map(({ name }) => ({ name, top: first?.top, height: first?.height })));
  });
}

test('on a short phone screen a tab that must scroll shows a hint until its end is reached', async ({ loggedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 560 });
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Notifications' }).click();
  await expect(dialog.getByRole('tabpanel').getByRole('heading', { name: 'Web Push' })).toBeAttached();
  const scroller = dialog.getByTestId('settings-scroller');
  expect(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  const hint = dialog.getByTestId('scroll-hint');
  await expect(hint).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(hint).toBeHidden();
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(hint).toBeVisible();
  // Another tab opens at its top, with the hint exactly when it too must scroll.
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(hint).toBeHidden();
  await dialog.getByRole('tab', { name: 'General' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeVisible();
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(0);
  const mustScroll = await scroller.evaluate((element) => element.scrollHeight > element.clientHeight);
  await expect(hint).toBeVisible({ visible: mustScroll });
});
