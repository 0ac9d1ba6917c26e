import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test, type Cui } from './fixtures';
import { makeRepo, startRun, toolPanel, waitForRunEnd } from './conversation-helpers';
import { ensureWebBuild } from './support/web-build';

/**
 * Issue 25: the terminal (xterm) and the file editor (CodeMirror) are not part of a page's load; their code is fetched
 * when the user opens them. A chunk is known by a string only its library has (Rolldown names chunks after whatever
 * module it picks, so file names say little), found in the very build the server serves.
 */

const MARKERS = {
  /** xterm's hidden input's class, in its renderer. */
  xterm: 'xterm-helper-textarea',
  /** @codemirror/view's base theme. */
  editor: 'cm-scroller',
};

/** `/assets/<file>.js` of every JS file of the build whose text holds `marker`. */
function chunksWith(marker: string): Set<string> {
  const assets = path.join(process.env.CUI_E2E_WEB_DIR ?? ensureWebBuild(), 'assets');
  const files = fs.readdirSync(assets).filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(assets, name), 'utf8').includes(marker));
  return new Set(files.map((name) => `/assets/${name}`));
}

interface Scripts {
  /** Every JS file the page asked for, by path, in order (from the network, the HTTP cache or the service worker alike). */
  requested: string[];
  /** Those not yet loaded (nor failed). */
  pending: Set<string>;
}

function recordScripts(page: Page): Scripts {
  const scripts: Scripts = { requested: [], pending: new Set() };
  const js = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.endsWith('.js') ? pathname : undefined;
  };
  page.on('request', (request) => {
    const file = js(request.url());
    if (!file) return;
    scripts.requested.push(file);
    scripts.pending.add(file);
  });
  const done = (request: Request) => {
    const file = js(request.url());
    if (file) scripts.pending.delete(file);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return scripts;
}

/**
 * Waits until every JS file the page has asked for so far has loaded. (Not 'networkidle': the page's event streams stay
 * open.) Called once what the page renders is on screen, so the chunks its first render asked for are all in.
 */
async function scriptsSettled(scripts: Scripts): Promise<void> {
  await expect.poll(() => [...scripts.pending]).toEqual([]);
}

const among = (scripts: Scripts, chunks: Set<string>) => scripts.requested.filter((file) => chunks.has(file));

/** Resolves when one of `chunks` has been served (200), as a user action is taken. */
function served(page: Page, chunks: Set<string>): Promise<unknown> {
  return page.waitForResponse((response) => chunks.has(new URL(response.url()).pathname) && response.status() === 200);
}

/** A cold first load of `url`, signed in without passing through another page. */
async function openCold(page: Page, cui: Cui, url: string): Promise<void> {
  await page.addInitScript((token) => localStorage.setItem('cui-auth-token', token), cui.token);
  await page.goto(url);
}

let xterm: Set<string>;
let editor: Set<string>;

test.beforeAll(() => {
  xterm = chunksWith(MARKERS.xterm);
  editor = chunksWith(MARKERS.editor);
});

test.afterEach(({ pageErrors }) => {
  expect(pageErrors).toEqual([]);
});

test('home loads neither the terminal nor the editor; Tools › Terminal fetches xterm', async ({ cui, page }) => {
  expect(xterm.size).toBeGreaterThan(0);
  expect(editor.size).toBeGreaterThan(0);
  const scripts = recordScripts(page);
  await openCold(page, cui, '/');
  await expect(page.getByRole('combobox', { name: 'Task' })).toBeEditable();
  await scriptsSettled(scripts);
  expect(scripts.requested.some((file) => file.startsWith('/assets/'))).toBe(true);
  expect(among(scripts, xterm)).toEqual([]);
  expect(among(scripts, editor)).toEqual([]);

  const terminal = served(page, xterm);
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'Terminal' }).click();
  await terminal;
  await expect(page.getByLabel('Folder')).toBeVisible();
  expect(among(scripts, editor)).toEqual([]);
});

test('a conversation loads neither; opening a file in the Files sheet fetches the editor, the header’s Terminal xterm', async ({ cui, page }) => {
  const repo = makeRepo(cui.dirs, 'lazy-repo');
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
  await waitForRunEnd(cui, run.sessionId);

  const scripts = recordScripts(page);
  await openCold(page, cui, `/c/${run.sessionId}`);
  // The Edit's diff and the composer render from chunks of their own; the page is complete once they are in.
  await expect(toolPanel(page, 'Edit')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Task' })).toBeEditable();
  await scriptsSettled(scripts);
  expect(among(scripts, xterm)).toEqual([]);
  expect(among(scripts, editor)).toEqual([]);

  // The Files sheet's folder list is not the editor: only opening a file fetches it.
  const sheet = page.getByRole('dialog', { name: 'Files' });
  await page.getByRole('link', { name: 'Files' }).click();
  await expect(sheet.getByRole('button', { name: 'hello.txt' })).toBeVisible();
  await scriptsSettled(scripts);
  expect(among(scripts, editor)).toEqual([]);
  const editorServed = served(page, editor);
  await sheet.getByRole('button', { name: 'hello.txt' }).click();
  await editorServed;
  await expect(sheet.locator('.cm-content')).toContainText('hello world');
  expect(among(scripts, xterm)).toEqual([]);

  await page.getByRole('button', { name: 'Close files' }).click();
  const terminal = served(page, xterm);
  await page.getByRole('link', { name: 'Terminal' }).click();
  await terminal;
  await page.waitForURL(/\/terminal\?session=/);
});
