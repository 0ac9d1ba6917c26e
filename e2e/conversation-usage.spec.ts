import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';
import type { SessionUsage } from '../contract/sessions';

/** Issue 17.4: what a session used and cost, in the conversation header. */

async function listedUsage(cui: Parameters<typeof waitForRunEnd>[0], sessionId: string): Promise<SessionUsage | undefined> {
  const list = (await (await cui.api(`/api/conversations?sessionId=${sessionId}`)).json()) as { conversations: Array<{ usage?: SessionUsage }> };
  return list.conversations[0]?.usage;
}

/** 13.6k (the figures of one fake-model reply are in the thousands). */
const thousands = (n: number): string => `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;

test.describe('usage in the conversation header', () => {
  test('shows tokens and cost for a finished run, and its context fill in the details', async ({ cui, loggedInPage: page }) => {
    const gate = fakeGate(cui, 'usage');
    const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: gate.prompt('hello there') });
    // Opened while the model's reply is held: the page follows the run live and sees its result.
    await page.goto(`/c/${run.sessionId}`);
    await gate.held(0);
    // The page follows the run (its status line shows) before the reply is let go.
    await expect(page.getByTestId('status-line')).toBeVisible();
    await gate.release(0);
    await waitForRunEnd(cui, run.sessionId);
    await expect.poll(async () => (await listedUsage(cui, run.sessionId))?.costUsd).toBeGreaterThan(0);
    const usage = (await listedUsage(cui, run.sessionId)) as SessionUsage;
    const total = usage.inputTokens + usage.outputTokens + usage.cacheCreationTokens + usage.cacheReadTokens;
    const figure = `${thousands(total)} tokens · $${(usage.costUsd as number).toFixed(2)}`;

    const button = page.getByRole('button', { name: `Usage: ${figure}` });
    await expect(button).toHaveText(figure);
    await button.click();
    const details = page.getByRole('dialog', { name: 'Usage details' });
    await expect(details).toContainText(`Input${thousands(usage.inputTokens)}`);
    await expect(details).toContainText(`Output${usage.outputTokens}`);
    // One reply without cache: the context holds that reply's input, out of the fake model's 1M window.
    await expect(details).toContainText(`Context${thousands(usage.inputTokens)} / 1M (1%)`);

    // Reopened later, the figure comes from the index alone.
    await page.reload();
    await expect(page.getByRole('button', { name: `Usage: ${figure}` })).toBeVisible();
  });
});
