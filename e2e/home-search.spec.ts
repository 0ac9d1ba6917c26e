import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { type SeedMessage, seedTranscripts, type SeedTranscript } from './support/transcripts';

/** Issue 17: a word said once, deep inside a 5,000-message session, is found from home and opened in place. */

const MESSAGES = 5000;
const DEEP = 1201;
const WORD = 'Xylophonic_quartz42';
const longSession = randomUUID();
const otherSession = randomUUID();
const messages: SeedMessage[] = Array.from({ length: MESSAGES }, (_, i) =>
  i % 2 === 0 ? { role: 'user', content: `Prompt ${i}` } : { role: 'assistant', content: i === DEEP ? `Answer ${i}: renamed it to ${WORD} in the parser.` : `Answer ${i}: done with step ${i}.` },
);

// Through `seed`: Playwright would read a two-element `transcripts` array as [value, options].
const seeds = [
  { sessionId: longSession, cwd: 'long-project', messages },
  { sessionId: otherSession, cwd: 'other-project', messages: [{ role: 'user', content: 'Something unrelated' }, { role: 'assistant', content: 'Sure.' }] } satisfies SeedTranscript,
];
// eslint-disable-next-line no-empty-pattern
test.use({ seed: async ({}, use) => use((dirs) => void seedTranscripts(dirs, seeds)) });

test('a word deep in a long session: typed on home, shown highlighted, Enter opens the conversation scrolled to it, highlighted', async ({ cui, loggedInPage: page, pageErrors }) => {
  test.setTimeout(90_000);
  await expect.poll(async () => ((await (await cui.api('/api/conversations?limit=1')).json()) as { total: number }).total).toBe(2);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Tasks' })).toBeVisible();

  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Search conversations' });
  await expect(field).toBeFocused();
  await field.pressSequentially('xylophonic_QUARTZ');
  const hit = page.getByTestId('search-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText('Xylophonic_quartz');
  await expect(hit).toContainText('renamed it to');
  await expect(hit).toHaveAttribute('aria-selected', 'true');

  // The page's requests, in order: the older windows it asks for, and a marker sent last.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const olderWindows = () => requests.filter((url) => url.includes(`/api/conversations/${longSession}?`) && url.includes('before='));

  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/c/${longSession}\\?message=[0-9a-f-]{36}$`));
  const target = page.locator('[data-search-target]');
  await expect(target).toContainText(WORD);
  await expect(target).toBeInViewport();
  await expect(page.locator('[data-search-target]')).toHaveCount(1);

  // The hit opens at the top of its window: the 1,000 messages before it are put above without moving it, and,
  // the reader being far from the top again, no further window is asked for.
  await expect.poll(() => olderWindows().length).toBe(1);
  const targetRow = page.locator('[data-index]', { has: target });
  await expect.poll(async () => Number(await targetRow.getAttribute('data-index'))).toBeGreaterThanOrEqual(1000);
  await expect(target).toBeInViewport();
  // Past the frame after that render (its effects ran), a request sent now arrives after any they made.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate(() => fetch('/api/marker-after-older-window').catch(() => undefined));
  await expect.poll(() => requests.some((url) => url.endsWith('/api/marker-after-older-window'))).toBe(true);
  expect(olderWindows()).toHaveLength(1);
  await expect(target).toBeInViewport();

  // Back home, the text is still there; a word found nowhere says so.
  await page.goBack();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('no-such-word-anywhere');
  await expect(page.getByText('No messages match “no-such-word-anywhere”.')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
