import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';

const FINAL = `${Array.from({ length: 40 }, (_, index) => `word${index + 1}`).join(' ')}.`;

test.describe('conversation liveness', () => {
  test('words appear one after another in the message, which then holds the complete text once', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'answer slow please' });
    await page.goto(`/c/${run.sessionId}`);
    const message = page.locator('[data-role="assistant"]');
    // Sample the message as it grows (a word every 250 ms) until it is complete.
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = ((await message.first().textContent({ timeout: 1000 }).catch(() => '')) ?? '').trim();
          if (text) seen.add(text);
          return text;
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(FINAL);
    const partial = [...seen].filter((text) => text !== FINAL);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (const text of partial) expect(FINAL.startsWith(text)).toBe(true);
    await expect(page.getByTestId('status-line')).toHaveCount(0);
    await expect(message).toHaveCount(1);
    await expect(page.getByText(FINAL)).toHaveCount(1);
  });

  test('Escape interrupts the turn: status Interrupted, the same run answers the next message in the same session', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'answer slow, I will interrupt' });
    await page.goto(`/c/${run.sessionId}`);
    await expect(page.locator('[data-role="assistant"]').first()).toContainText('word2');
    await expect(page.getByRole('button', { name: 'Interrupt' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('status-line')).toContainText('Interrupted');
    await expect(page.getByRole('button', { name: 'Interrupt' })).toHaveCount(0);
    const typed = await page.locator('[data-role="assistant"]').first().textContent();
    expect(typed).not.toContain('word40.');
    const composer = page.getByRole('combobox', { name: 'Task' });
    await composer.fill('hello after the interrupt');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Echo: "hello after the interrupt"', { exact: false })).toBeVisible();
    await expect(page.getByTestId('status-line')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`/c/${run.sessionId}`);
  });

  test('a message typed during a run shows as queued, survives a reload, then runs as the next turn', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'answer slow, I will queue' });
    await page.goto(`/c/${run.sessionId}`);
    await expect(page.locator('[data-role="assistant"]').first()).toContainText('word1');
    await page.getByRole('combobox', { name: 'Task' }).fill('queued hello');
    await page.getByRole('button', { name: 'Send' }).click();
    const queue = page.getByRole('list', { name: 'Queued messages' });
    await expect(queue).toContainText('queued hello');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Queued messages' })).toContainText('queued hello');
    await expect(page.getByText('Echo: "queued hello"', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Queued messages' })).toHaveCount(0);
    await expect(page.getByText(FINAL)).toHaveCount(1);
    expect(new URL(page.url()).pathname).toBe(`/c/${run.sessionId}`);
  });
});
