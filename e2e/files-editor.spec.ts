import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun, toolPanel, waitForRunEnd } from './conversation-helpers';

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Files' });
const editor = (page: Page) => sheet(page).locator('.cm-content');

/** Places the cursor at the end of the document and types `text` (CodeMirror takes real key presses). */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test.describe('files: browse and edit what the agent touched (issue 25.3)', () => {
  test('a tool path opens the file at its line; edit, save, a conflict, reload; the same on a phone', async ({ cui, loggedInPage: page }) => {
    const repo = makeRepo(cui.dirs, 'files');
    const filler = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n');
    fs.writeFileSync(path.join(repo, 'hello.txt'), `${filler}\nhelo wrld\n`);
    const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
    await waitForRunEnd(cui, run.sessionId);
    const file = path.join(repo, 'hello.txt');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${filler}\nhello world\n`);

    // Desktop: the Edit's path opens the file at the line it changed, highlighted and in view.
    await page.goto(`/c/${run.sessionId}`);
    await toolPanel(page, 'Edit').getByRole('link', { name: 'hello.txt' }).click();
    await expect(sheet(page).getByTestId('open-file')).toHaveText('hello.txt');
    await expect(sheet(page).locator('.cm-activeLine')).toHaveText('hello world');
    await expect(sheet(page).locator('.cm-activeLine')).toBeInViewport();

    await typeAtEnd(page, 'by hand');
    await sheet(page).getByRole('button', { name: 'Save' }).click();
    await expect(sheet(page).getByRole('status')).toHaveText('Saved');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${filler}\nhello world\nby hand`);

    // The agent (here: the disk) changes the file under the open editor: the save is refused, Reload shows its text.
    fs.writeFileSync(file, 'rewritten meanwhile\n');
    await typeAtEnd(page, '!');
    await sheet(page).getByRole('button', { name: 'Save' }).click();
    await expect(sheet(page).getByRole('alert')).toContainText('This file changed since you opened it');
    expect(fs.readFileSync(file, 'utf8')).toBe('rewritten meanwhile\n');
    await sheet(page).getByRole('button', { name: 'Reload' }).click();
    await expect(editor(page)).toHaveText('rewritten meanwhile');

    // Phone: the sheet fills the width; the folder list opens the file, an edit saves and the page shows it.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Close files' }).click();
    await expect(sheet(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Files' }).click();
    const box = await sheet(page).boundingBox();
    expect(box && Math.round(box.x + box.width)).toBeLessThanOrEqual(390);
    expect(box && box.x).toBeGreaterThanOrEqual(0);
    await sheet(page).getByRole('button', { name: 'hello.txt' }).click();
    await typeAtEnd(page, ' from the phone');
    await sheet(page).getByRole('button', { name: 'Save' }).click();
    await expect(sheet(page).getByRole('status')).toHaveText('Saved');
    expect(fs.readFileSync(file, 'utf8')).toBe('rewritten meanwhile\n from the phone');
    await page.reload();
    await expect(editor(page)).toContainText('from the phone');
  });
});
