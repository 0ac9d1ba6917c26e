import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type E2eDirs } from './fixtures';
import { writeTranscript } from './support/transcripts';

const projectOf = (dirs: E2eDirs) => path.join(dirs.work, 'web-shop');
const task = (page: Page) => page.getByRole('combobox', { name: 'Task' });

/** A 1×1 PNG, as a paste carries it. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * A project with files (one of them git-ignored), a custom slash command and one past session there. The CLI trusts
 * it (its own global config says so), so the CLI lists the project's commands in the `/` menu.
 */
function seedProject(dirs: E2eDirs): void {
  const project = projectOf(dirs);
  fs.writeFileSync(path.join(dirs.claudeConfigDir, '.claude.json'), JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }));
  for (const [file, text] of Object.entries({
    'notes.md': '# Notes\nShip the cart.\n',
    'src/cart.ts': 'export const cart = [];\n',
    'build/out.js': 'compiled();\n',
    '.gitignore': 'build/\n',
    '.claude/commands/greet.md': '---\ndescription: Greet the team\n---\nSay hello to the team. $ARGUMENTS\n',
  })) {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), text);
  }
  writeTranscript(dirs, {
    sessionId: '6f1c1a52-8a0e-4c1e-9a39-3f1f5b0c1a01',
    cwd: project,
    messages: [
      { role: 'user', content: 'Describe the cart module' },
      { role: 'assistant', content: 'It holds items.' },
    ],
  });
}

// No uncaught exception in the page, in any home test.
test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test.describe('home composer with a recent project', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use(seedProject) });

  test('starts a conversation with an @-mentioned file and a / command and opens it', async ({ loggedInPage: page, cui }) => {
    await expect(page.getByRole('heading', { name: 'What is the next task?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Working directory: web-shop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Model: Default' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Permission mode: Ask' })).toBeVisible();

    await task(page).click();
    await page.keyboard.type('/gre');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    // The CLI's own list: its wording marks where the command comes from.
    await expect(suggestions.getByRole('option')).toHaveText(['/greetGreet the team (project)']);
    await page.keyboard.press('Tab');
    await page.keyboard.type('then read @OUT');
    // build/ is git-ignored: nothing matches.
    await expect(suggestions).toHaveCount(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('not');
    await expect(suggestions.getByRole('option')).toHaveText(['notes.md']);
    await page.keyboard.press('Enter');
    await expect(task(page)).toHaveValue('/greet then read @notes.md ');

    const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/conversations/start'));
    await page.keyboard.press('ControlOrMeta+Enter');
    const body = (await startRequest).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ workingDirectory: projectOf(cui.dirs), initialPrompt: '/greet then read @notes.md' });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
    const listed = async () => ((await (await cui.api('/api/conversations?limit=50')).json()) as { conversations: Array<{ sessionId: string }> }).conversations;
    await expect.poll(async () => (await listed()).map((c) => c.sessionId)).toContain(sessionId);
    await page.goto('/');
    await expect(task(page)).toHaveValue('');
  });

  test('pastes an image into the composer, removes and re-adds it, and sees it in the bubble on desktop and phone', async ({ loggedInPage: page }) => {
    await task(page).click();
    await page.keyboard.type('what is in this picture');
    const paste = () =>
      task(page).evaluate((element, data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'shot.png', { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      }, PNG);
    await paste();
    const tray = page.getByRole('list', { name: 'Images to send' });
    await expect(tray.getByRole('img', { name: 'shot.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect(tray).toHaveCount(0);
    await paste();
    await expect(tray.getByRole('img', { name: 'shot.png' })).toBeVisible();
    await expect(task(page)).toHaveValue('what is in this picture');

    const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/conversations/start'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await startRequest).postDataJSON()).toMatchObject({ initialPrompt: 'what is in this picture', images: [{ mediaType: 'image/png', data: PNG }] });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const bubble = page.locator('[data-role="user"]').filter({ hasText: 'what is in this picture' });
    await expect(bubble.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await expect(bubble.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', `data:image/png;base64,${PNG}`);

    // On a phone, from history after a reload (the transcript holds the image); the attach button offers the camera.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(bubble.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await expect(page.getByLabel('Attach images')).toBeVisible();
    await expect(page.getByTestId('attach-images-input')).toHaveAttribute('accept', 'image/*');
  });

  test('sends the chosen model and permission mode, and keeps draft and mode across a reload', async ({ loggedInPage: page }) => {
    await page.getByRole('button', { name: 'Permission mode: Ask' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Ask', 'Auto', 'Yolo', 'Plan']);
    await page.getByRole('menuitem', { name: 'Yolo' }).click();
    await page.getByRole('button', { name: 'Model: Default' }).click();
    // The pinned CLI's own list (GET /api/system/models), 'Default' first: no retired Claude 3 ids (issue 23).
    await expect(page.getByRole('menuitem')).toHaveText(['Default', 'Opus', 'Fable', 'Sonnet', 'Haiku']);
    await page.getByRole('menuitem', { name: 'Haiku' }).click();
    await task(page).fill('Say hi in one word');
    await page.reload();
    await expect(task(page)).toHaveValue('Say hi in one word');
    await expect(page.getByRole('button', { name: 'Permission mode: Yolo' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cui-composer') ?? 'null'))).toEqual({ draft: 'Say hi in one word', selectedPermissionMode: 'bypassPermissions' });

    await page.getByRole('button', { name: 'Model: Default' }).click();
    await page.getByRole('menuitem', { name: 'Sonnet' }).click();
    const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/conversations/start'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await startRequest).postDataJSON()).toMatchObject({ model: 'sonnet', permissionMode: 'bypassPermissions' });
  });

  test('a failed start shows the alert, keeps the draft and re-enables the composer', async ({ loggedInPage: page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/conversations/start', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'CLI not found', code: 'cli.not_found' }) });
    });
    await task(page).fill('Explain the cart');
    // The shortcut does nothing until the recent project has loaded (Send needs a folder): under load it had not yet.
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(task(page)).toBeDisabled();
    await expect(page.getByRole('status', { name: 'Sending' })).toBeVisible();
    const dialog = page.waitForEvent('dialog');
    release();
    const alert = await dialog;
    expect(alert.type()).toBe('alert');
    expect(alert.message()).toBe('Failed to start conversation: CLI not found');
    await alert.accept();
    await expect(task(page)).toBeEnabled();
    await expect(task(page)).toHaveValue('Explain the cart');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the text box grows with its content up to 80% of the window height', async ({ loggedInPage: page }) => {
    const height = () => task(page).evaluate((el) => el.getBoundingClientRect().height);
    const small = await height();
    await task(page).fill(Array.from({ length: 8 }, (_, i) => `line ${i}`).join('\n'));
    expect(await height()).toBeGreaterThan(small + 50);
    await task(page).fill(Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n'));
    const max = (await page.evaluate(() => window.innerHeight)) * 0.8;
    expect(await height()).toBeLessThanOrEqual(max + 1);
    expect(await height()).toBeGreaterThan(max - 30);
  });
});

test.describe('home composer on a fresh install', () => {
  test('needs a directory: Select directory until one is browsed to, then it can start', async ({ loggedInPage: page, cui }) => {
    fs.mkdirSync(path.join(cui.dirs.work, 'fresh-app', 'src'), { recursive: true });
    const picker = page.getByRole('button', { name: 'Working directory: Select directory' });
    await expect(picker).toBeVisible();
    await task(page).fill('Say hi');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await page.keyboard.press('ControlOrMeta+Enter');
    expect(new URL(page.url()).pathname).toBe('/');

    await picker.click();
    await page.getByRole('menuitem', { name: 'Browse…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a directory' });
    // With nothing chosen or recent, browsing starts at the user's home directory (the server's), not at '/'.
    await expect(dialog.getByRole('textbox', { name: 'Directory path' })).toHaveValue(cui.dirs.home);
    await dialog.getByRole('textbox', { name: 'Directory path' }).fill(cui.dirs.work);
    await dialog.getByRole('textbox', { name: 'Directory path' }).press('Enter');
    await dialog.getByRole('button', { name: 'fresh-app' }).click();
    await expect(dialog.getByRole('button', { name: 'src' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Directory path' })).toHaveValue(path.join(cui.dirs.work, 'fresh-app'));
    await dialog.getByRole('button', { name: 'Use this directory' }).click();
    await expect(page.getByRole('button', { name: 'Working directory: fresh-app' })).toBeVisible();

    const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/conversations/start'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await startRequest).postDataJSON()).toEqual({ workingDirectory: path.join(cui.dirs.work, 'fresh-app'), initialPrompt: 'Say hi' });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  });
});
