import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';

/** The header's "needs you" inbox, with the real CLI and the fake model: runs in Ask mode wait for an Edit approval. */

const inbox = (page: Page) => page.getByRole('button', { name: /^Needs you:/ });
const list = (page: Page) => page.getByRole('dialog', { name: 'Waiting for you' });
const row = (page: Page, title: string) => list(page).getByRole('listitem').filter({ hasText: title });
const hello = (repo: string) => fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8');

test.describe('"needs you" inbox', () => {
  test('two runs wait: approve one from the list, open the other and deny it there', async ({ cui, loggedInPage: page }) => {
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Task' })).toBeVisible();
    await expect(inbox(page)).toHaveCount(0);

    const firstRepo = makeRepo(cui.dirs, 'first');
    const secondRepo = makeRepo(cui.dirs, 'second');
    const first = await startRun(cui, { workingDirectory: firstRepo, initialPrompt: 'fix the file, first one', permissionMode: 'default' });
    const second = await startRun(cui, { workingDirectory: secondRepo, initialPrompt: 'fix the file, second one', permissionMode: 'default' });

    await expect(inbox(page)).toHaveAccessibleName('Needs you: 2 requests waiting');
    await inbox(page).click();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await expect(row(page, 'fix the file, first one')).toContainText('Edit: hello.txt');
    await expect(row(page, 'fix the file, first one')).toContainText(/Just now|1m ago/);

    await row(page, 'fix the file, first one').getByRole('button', { name: 'Approve' }).click();
    await expect(inbox(page)).toHaveAccessibleName('Needs you: 1 request waiting');
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await waitForRunEnd(cui, first.sessionId);
    expect(hello(firstRepo)).toBe('hello world\n');
    expect(hello(secondRepo)).toBe('helo wrld\n');

    await row(page, 'fix the file, second one').getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${second.sessionId}$`));
    await expect(list(page)).toHaveCount(0);
    const prompt = page.getByRole('region', { name: 'Permission request' });
    await expect(prompt).toContainText('Allow Edit?');

    // The header is on every page: deny from it, and the conversation's own prompt goes too.
    await inbox(page).click();
    await row(page, 'fix the file, second one').getByRole('button', { name: 'Deny' }).click();
    await expect(inbox(page)).toHaveCount(0);
    await expect(prompt).toHaveCount(0);
    await waitForRunEnd(cui, second.sessionId);
    expect(hello(secondRepo)).toBe('helo wrld\n');
  });

  test('at phone width the list fits the screen and works by keyboard', async ({ cui, loggedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const repo = makeRepo(cui.dirs, 'phone');
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file from the phone', permissionMode: 'default' });
    await page.goto('/');
    await expect(inbox(page)).toHaveAccessibleName('Needs you: 1 request waiting');
    await inbox(page).focus();
    await page.keyboard.press('Enter');
    await expect(list(page)).toBeVisible();
    const box = await list(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const approve = row(page, 'fix the file from the phone').getByRole('button', { name: 'Approve' });
    await expect(approve).toBeInViewport();
    for (const name of ['Approve', 'Deny', 'Open']) {
      const target = await row(page, 'fix the file from the phone').getByRole(name === 'Open' ? 'link' : 'button', { name }).boundingBox();
      expect(target?.height ?? 0, name).toBeGreaterThanOrEqual(40);
    }
    // Focus moves into the list, on its first button; Enter presses it.
    await expect(approve).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inbox(page)).toHaveCount(0);
    await waitForRunEnd(cui, run.sessionId);
    expect(hello(repo)).toBe('hello world\n');
  });

  test('with five runs waiting on the home page, approving from the inbox still goes through (the list leaves a connection free)', async ({ cui, loggedInPage: page }) => {
    const repos = ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => makeRepo(cui.dirs, name));
    const runs = [];
    for (const [i, repo] of repos.entries()) {
      runs.push(await startRun(cui, { workingDirectory: repo, initialPrompt: `fix the file number ${i + 1}`, permissionMode: 'default' }));
    }
    await page.goto('/');
    await expect(inbox(page)).toHaveAccessibleName('Needs you: 5 requests waiting');
    // Four rows stream their run's status, the fifth waits its turn: the inbox holds the page's fifth stream, and the
    // browser's sixth (and last) connection to the server stays free for the decision.
    await expect(page.getByText('Awaiting approval...')).toHaveCount(4);
    await inbox(page).click();
    await row(page, 'fix the file number 3').getByRole('button', { name: 'Approve' }).click();
    await expect(inbox(page)).toHaveAccessibleName('Needs you: 4 requests waiting');
    await waitForRunEnd(cui, runs[2]!.sessionId);
    expect(hello(repos[2]!)).toBe('hello world\n');
    for (const run of runs) await cui.api(`/api/conversations/${run.streamingId}/stop`, { method: 'POST' });
  });
});
