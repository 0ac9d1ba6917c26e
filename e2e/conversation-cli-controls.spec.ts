import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';

/** Issue 26 points 1, 3 and 7: "don't ask again" (and its rule removed in Settings), a live mode switch, the CLI's interruption marker. */

const permissionPrompt = (page: Page) => page.getByRole('region', { name: 'Permission request' });
const ALWAYS = "Yes, and don't ask again for `npm test` in this project";

test('don\'t ask again, then a live mode switch, then an interruption shown as the CLI means it (desktop, then phone)', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs);
  // The rule goes to the folder's local settings, which a run loads only in a trusted folder.
  expect((await cui.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: repo }) })).status).toBe(200);

  // Desktop: the card offers the CLI's own choice and where it writes the rule; choosing it runs the command.
  const first = await startRun(cui, { workingDirectory: repo, initialPrompt: 'run the npm tests', permissionMode: 'default' });
  await page.goto(`/c/${first.sessionId}`);
  const prompt = permissionPrompt(page);
  await expect(prompt).toContainText(".claude/settings.local.json");
  await prompt.getByRole('button', { name: ALWAYS }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText(/^The tests ran\./)).toBeVisible();
  await waitForRunEnd(cui, first.sessionId);

  // Phone: the same command in a new run passes without a card.
  await page.setViewportSize({ width: 390, height: 844 });
  const second = await startRun(cui, { workingDirectory: repo, initialPrompt: 'run the npm tests again', permissionMode: 'default' });
  await page.goto(`/c/${second.sessionId}`);
  await expect(page.getByText(/^The tests ran\./)).toBeVisible();
  await waitForRunEnd(cui, second.sessionId);
  await expect(permissionPrompt(page)).toHaveCount(0);

  // Settings › Data controls lists the rule where it was written, and removes it after naming it (on the phone).
  const localSettings = path.join(repo, '.claude', 'settings.local.json');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Data controls' }).click();
  await settings.getByRole('combobox', { name: 'Project' }).selectOption(repo);
  const localRules = settings.getByRole('list', { name: "This project's local settings" });
  await localRules.getByRole('button', { name: 'Remove allow rule Bash(npm test *)' }).click();
  await expect(settings.getByRole('group', { name: 'Confirm removal' })).toContainText(localSettings);
  await settings.getByRole('button', { name: 'Remove rule' }).click();
  await expect(localRules).toHaveCount(0);
  expect((JSON.parse(fs.readFileSync(localSettings, 'utf8')) as { permissions: { allow: string[] } }).permissions.allow).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  // Switch the mode during a run: Ask → Auto while the model is held; the Edit then runs unasked.
  const gate = fakeGate(cui, 'e2e-switch');
  const third = await startRun(cui, { workingDirectory: repo, initialPrompt: gate.prompt('fix the typo'), permissionMode: 'default' });
  await page.goto(`/c/${third.sessionId}`);
  await gate.held(0);
  await page.getByRole('button', { name: 'Permission mode: Ask' }).click();
  await page.getByRole('menuitem', { name: 'Auto' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'Permission mode switched to Auto' })).toBeVisible();
  for (const step of [0, 1, 2]) {
    await gate.held(step);
    await gate.release(step);
  }
  await waitForRunEnd(cui, third.sessionId);
  await expect(page.getByText(/hello world/).first()).toBeVisible();
  await expect(permissionPrompt(page)).toHaveCount(0);

  // Interrupt a turn: the CLI's marker is a system line, not the user's bubble, live and after a reload.
  const fourth = await startRun(cui, { workingDirectory: repo, initialPrompt: 'answer slow, I will interrupt' });
  await page.goto(`/c/${fourth.sessionId}`);
  await expect(page.locator('[data-role="assistant"]').first()).toContainText('word2');
  await page.getByRole('button', { name: 'Interrupt' }).click();
  await expect(page.getByTestId('status-line')).toContainText('Interrupted');
  await page.reload();
  await expect(page.getByRole('note').filter({ hasText: '[Request interrupted by user]' })).toBeVisible();
  await expect(page.locator('[data-role="user"]').filter({ hasText: 'Request interrupted' })).toHaveCount(0);
});
