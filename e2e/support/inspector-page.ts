import { expect, type Page } from '@playwright/test';

/** One section of the raw JSON page (spec §2), opened from its collapsed header. */
export async function openSection(page: Page, title: string) {
  await page.getByRole('button', { name: title, exact: true }).click();
  return page.getByRole('region', { name: title, exact: true });
}

/** Sends a section's form and returns the JSON viewer of the answer. */
export async function sendSection(page: Page, title: string, routeName: string) {
  const section = page.getByRole('region', { name: title, exact: true });
  await section.getByRole('button', { name: 'Send' }).click();
  const result = section.getByRole('region', { name: `${routeName} result` });
  await expect(result).toBeVisible();
  return result;
}
