import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';

async function pickRoute(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Route' }).selectOption(name);
}

async function send(page: Page, name: string) {
  await page.getByRole('button', { name: 'Send' }).click();
  const result = page.getByRole('region', { name: `${name} result` });
  await expect(result).toBeVisible();
  return result;
}

test('decides a pending permission from the decision form, then renames the session and finds it in the list', async ({ loggedInPage: page, cui, pageErrors }) => {
  const repo = makeRepo(cui.dirs);
  const run = await startRun(cui, { workingDirectory: repo, initialPrompt: 'fix the file', permissionMode: 'default' });
  let requestId = '';
  await expect
    .poll(async () => {
      const body = (await (await cui.api(`/api/permissions?status=pending&streamingId=${run.streamingId}`)).json()) as { permissions: { id: string }[] };
      requestId = body.permissions[0]?.id ?? '';
      return requestId;
    })
    .not.toBe('');

  await page.goto('/inspector');
  await page.getByRole('button', { name: 'All routes' }).click();
  await pickRoute(page, 'listPermissions');
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect(await send(page, 'listPermissions')).toContainText(requestId);

  await pickRoute(page, 'decidePermission');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Request ID is required');
  await page.getByLabel('Request ID *').fill(requestId);
  await page.getByLabel('Action *').selectOption('approve');
  await send(page, 'decidePermission');
  await waitForRunEnd(cui, run.sessionId);
  expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');

  await pickRoute(page, 'updateConversation');
  await page.getByLabel('Session ID *').fill(run.sessionId);
  await page.getByLabel('Custom name').fill('Renamed in the inspector');
  await send(page, 'updateConversation');
  await pickRoute(page, 'listConversations');
  await expect(await send(page, 'listConversations')).toContainText('"Renamed in the inspector"');
  expect(pageErrors).toEqual([]);
});
