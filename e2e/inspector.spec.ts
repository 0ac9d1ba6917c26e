import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';
import { saveScreenshot } from './support/screenshots';
import { openSection, sendSection } from './support/inspector-page';

async function sendRoute(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Route' }).selectOption(name);
  await page.getByRole('button', { name: 'Send' }).click();
  return page.getByRole('region', { name: `${name} result` });
}

test.describe('raw JSON interface page', () => {
  test('sends a route picked from the table and shows its JSON; Copy JSON puts it on the clipboard', async ({ loggedInPage: page, context, pageErrors }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/inspector');
    await expect(page.getByRole('heading', { name: 'CUI Raw JSON Interface' })).toBeVisible();
    await openSection(page, 'All routes');
    const result = await sendRoute(page, 'getSystemStatus');
    await expect(result.getByText('"claudeVersion"')).toBeVisible();

    await result.getByRole('button', { name: 'Copy JSON' }).click();
    await expect(result.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toHaveProperty('claudeVersion');
    await expect(result.getByRole('button', { name: 'Copy JSON' })).toBeVisible();
    // The viewer in both themes, for the record (the colours are Tailwind light/dark pairs).
    await result.scrollIntoViewIfNeeded();
    await page.emulateMedia({ colorScheme: 'light' });
    await saveScreenshot(page, 'inspector-json-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await saveScreenshot(page, 'inspector-json-dark');

    // A route no hand-made section covers, with a validation message before anything is sent.
    await page.getByRole('combobox', { name: 'Route' }).selectOption('readFile');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText('Path is required');
    const logs = await sendRoute(page, 'recentLogs');
    await expect(logs.getByText('"logs"')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('starts a conversation from the form and watches its stream arrive live until closed', async ({ loggedInPage: page, context, cui, pageErrors }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const repo = makeRepo(cui.dirs);
    const gate = fakeGate(cui, 'inspector-stream');
    await page.goto('/inspector');
    const start = await openSection(page, 'Start conversation');
    await expect(start.getByLabel('Working directory *')).toHaveValue('/tmp');
    await start.getByLabel('Working directory *').fill(repo);
    await start.getByLabel('Initial prompt *').fill(gate.prompt('hello there'));
    const started = await sendSection(page, 'Start conversation', 'startConversation');
    await started.getByRole('button', { name: 'Copy JSON' }).click();
    await expect(started.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const { streamingId } = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { streamingId: string };
    await expect(started.getByText(`"${streamingId}"`)).toBeVisible();

    await openSection(page, 'Stream viewer');
    await page.getByLabel('Streaming ID *').fill(streamingId);
    await page.getByRole('button', { name: 'Start Stream' }).click();
    const events = page.getByRole('list', { name: 'Stream events' });
    await gate.held(0);
    // While the model's reply is held the run is live: its first events are shown, `closed` is not.
    await expect(events.getByText('connected', { exact: true })).toBeVisible();
    await expect(events.getByText('closed', { exact: true })).toHaveCount(0);
    await gate.release(0);
    await expect(events.getByText('assistant', { exact: true }).first()).toBeVisible();
    await expect(events.getByText('closed', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Stream ended' })).toBeVisible();
    await expect(events.locator('[data-invalid]')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('the home page downloads none of the page; /inspector loads it on demand', async ({ loggedInPage: page }) => {
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    // Script bodies are read afresh: a cached response has no body to inspect.
    const withPage = async () => {
      const texts = await Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()));
      return texts.filter((text) => text.includes('CUI Raw JSON Interface')).length;
    };
    // The header's inbox holds a stream open on every page, so the network would never be idle: answer it with a
    // list that ends at once (the page tries again 5 s later, long after the 500 ms of quiet networkidle waits for).
    await page.route('**/api/permissions/waiting', (route) => route.fulfill({ contentType: 'application/x-ndjson', body: '{"type":"waiting","permissions":[]}\n' }));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    expect(await withPage()).toBe(0);

    await page.goto('/inspector');
    await expect(page.getByRole('heading', { name: 'CUI Raw JSON Interface' })).toBeVisible();
    expect(await withPage()).toBeGreaterThan(0);
  });

  test('on a 375 px phone the panels stack and nothing overflows sideways', async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/inspector');
    for (const title of ['Start conversation', 'Update session', 'All routes', 'Stream viewer'] as const) await openSection(page, title);
    await page.getByRole('combobox', { name: 'Route' }).selectOption('updateConfig');
    await page.getByRole('button', { name: 'Logs', exact: true }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
