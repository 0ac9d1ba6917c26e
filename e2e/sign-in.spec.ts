import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SIGN_IN_TITLE } from '../contract/constants';
import { expect, test, type E2eDirs } from './fixtures';
import { writeTranscript } from './support/transcripts';
import { ensureWebBuild } from './support/web-build';

/* Issue 23 points 1, 3 and 7: how Claude is signed in is visible, `/login` is answered, the tools are found. */

const task = (page: Page) => page.getByRole('combobox', { name: 'Task' });
const banner = (page: Page) => page.getByRole('alert', { name: SIGN_IN_TITLE });

/** A project with one past session, so the composer has a working directory. */
function seedProject(dirs: E2eDirs): void {
  const project = path.join(dirs.work, 'shop');
  fs.mkdirSync(project, { recursive: true });
  writeTranscript(dirs, { sessionId: '6f1c1a52-8a0e-4c1e-9a39-3f1f5b0c1a23', cwd: project, messages: [{ role: 'user', content: 'Describe the shop' }, { role: 'assistant', content: 'It sells.' }] });
}

async function send(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Working directory: shop' })).toBeVisible();
  await task(page).fill(text);
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
}

test.describe('without credentials (a CLAUDE_CONFIG_DIR with no login, no key, no token)', () => {
  // Empty values: the CLI reads an empty variable as unset.
  // eslint-disable-next-line no-empty-pattern
  test.use({ seed: async ({}, use) => use(seedProject), childEnv: { ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', CLAUDE_CODE_OAUTH_TOKEN: '' } });

  test('home and the conversation say how to sign in, and a run ends with that guidance', async ({ loggedInPage: page, pageErrors }) => {
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('ANTHROPIC_API_KEY');
    await expect(banner(page)).toContainText('npm start');
    await expect(banner(page)).toContainText('claude setup-token');
    await expect(banner(page)).toContainText('CLAUDE_CODE_OAUTH_TOKEN');
    await expect(banner(page)).toContainText('CLAUDE_CONFIG_DIR');

    await send(page, 'hi');
    await expect(banner(page)).toBeVisible();
    const list = page.getByRole('main');
    await expect(list.getByText(`${SIGN_IN_TITLE}. To sign in:`)).toBeVisible();
    await expect(list.getByText('Please run /login')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('/login typed in the composer is answered with the guidance', async ({ loggedInPage: page, pageErrors }) => {
    await send(page, '/login');
    const output = page.getByRole('main').getByLabel('Command output');
    await expect(output).toContainText(`${SIGN_IN_TITLE}. To sign in:`);
    await expect(output).toContainText('claude setup-token');
    await expect(page.getByRole('main').getByText("isn't available in this environment")).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('with credentials', () => {
  test('no sign-in banner; the header more-menu (Tools) opens the raw JSON inspector and live log', async ({ loggedInPage: page }) => {
    // The banner comes from GET /api/system/sign-in: once it has answered, none with an API key.
    const signIn = page.waitForResponse((response) => response.url().endsWith('/api/system/sign-in'));
    await page.reload();
    expect(await (await signIn).json()).toEqual({ method: 'api-key', source: 'ANTHROPIC_API_KEY' });
    await expect(page.getByRole('heading', { name: 'What is the next task?' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Raw JSON inspector and live log' }).click();
    await expect(page).toHaveURL(/\/inspector$/);
  });

  test('the built web app holds no Claude 3 model id', () => {
    const assets = path.join(process.env.CUI_E2E_WEB_DIR ?? ensureWebBuild(), 'assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const offenders = scripts.filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('claude' + '-3-'));
    expect(offenders).toEqual([]);
  });
});
