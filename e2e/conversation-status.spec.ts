import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';

/**
 * Every tool-specific status text of spec §4, seen painted live: the gated fake model holds each reply, so the page
 * sits in each intermediate state until the test moves on.
 */

const statusLine = (page: Page) => page.getByTestId('status-line');

interface Stop {
  /** The step the fake holds while the status line is checked. */
  held: number;
  text: string;
}

/** `replies`: how many model replies the fake's scenario makes (each one is held in turn). */
const CASES: { name: string; prompt: string; permissionMode: string; replies: number; stops: Stop[]; finalText: RegExp }[] = [
  {
    name: 'fix in Auto mode: Initializing..., Reading file..., Editing file...',
    prompt: 'fix the typo',
    permissionMode: 'acceptEdits',
    replies: 3,
    stops: [
      { held: 0, text: 'Initializing...' },
      { held: 1, text: 'Reading file...' },
      { held: 2, text: 'Editing file...' },
    ],
    finalText: /^Done\. Last tool result/,
  },
  {
    name: 'write in Auto mode: Writing file...',
    prompt: 'write a file',
    permissionMode: 'acceptEdits',
    replies: 2,
    stops: [{ held: 1, text: 'Writing file...' }],
    finalText: /^Wrote new\.txt\. Tool said/,
  },
  {
    name: 'bash in Yolo mode: Running command...',
    prompt: 'run bash',
    permissionMode: 'bypassPermissions',
    replies: 2,
    stops: [{ held: 1, text: 'Running command...' }],
    finalText: /^The command finished\. Output/,
  },
  {
    name: 'todo: Running ToolSearch..., then Updating To-Do...',
    prompt: 'make a todo list',
    permissionMode: 'default',
    replies: 3,
    stops: [
      { held: 1, text: 'Running ToolSearch...' },
      { held: 2, text: 'Updating To-Do...' },
    ],
    finalText: /^Todo list updated\./,
  },
];

test.describe('live status texts', () => {
  // Yolo (bypassPermissions) is refused to root unless the CLI is told it runs in a sandbox, as the tests' machine is.
  test.use({ childEnv: { IS_SANDBOX: '1' } });

  for (const [index, c] of CASES.entries()) {
    test(c.name, async ({ cui, loggedInPage: page }) => {
      const gate = fakeGate(cui, `status-${index}`);
      const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: gate.prompt(c.prompt), permissionMode: c.permissionMode });
      await page.goto(`/c/${run.sessionId}`);
      for (let step = 0; step < c.replies; step++) {
        await gate.held(step);
        const stop = c.stops.find((s) => s.held === step);
        if (stop) await expect(statusLine(page)).toContainText(stop.text);
        await gate.release(step);
      }
      await expect(page.getByText(c.finalText)).toBeVisible();
      await expect(statusLine(page)).toHaveCount(0);
    });
  }

  test('Ask mode: Awaiting approval... while the Edit waits, Running after the approval', async ({ cui, loggedInPage: page }) => {
    const gate = fakeGate(cui, 'status-ask');
    const run = await startRun(cui, { workingDirectory: makeRepo(cui.dirs), initialPrompt: gate.prompt('fix the typo'), permissionMode: 'default' });
    await page.goto(`/c/${run.sessionId}`);
    for (const step of [0, 1]) {
      await gate.held(step);
      await gate.release(step);
    }
    await expect(statusLine(page)).toContainText('Awaiting approval...');
    await page.getByRole('button', { name: 'Approve' }).click();
    await gate.held(2);
    await expect(statusLine(page)).toContainText('Running');
    await expect(statusLine(page)).not.toContainText('Awaiting approval...');
    await gate.release(2);
    await expect(page.getByText(/^Done\. Last tool result/)).toBeVisible();
  });
});
