import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';
import { openSection, sendSection } from './support/inspector-page';

test('decides a pending permission from the decision form, then updates the session and sees it in the list section', async ({ loggedInPage: page, cui, pageErrors }) => {
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
  const permissions = await openSection(page, 'List permissions');
  await permissions.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect(await sendSection(page, 'List permissions', 'listPermissions')).toContainText(requestId);

  const decision = await openSection(page, 'Permission decision');
  await decision.getByRole('button', { name: 'Send' }).click();
  await expect(decision.getByRole('alert')).toHaveText('Request ID is required');
  await decision.getByLabel('Request ID *').fill(requestId);
  await decision.getByLabel('Action *').selectOption('approve');
  await sendSection(page, 'Permission decision', 'decidePermission');
  await waitForRunEnd(cui, run.sessionId);
  expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');

  const update = await openSection(page, 'Update session');
  await update.getByLabel('Session ID *').fill(run.sessionId);
  await update.getByLabel('Custom name').fill('Renamed in the inspector');
  await sendSection(page, 'Update session', 'updateConversation');
  await openSection(page, 'List conversations');
  await expect(await sendSection(page, 'List conversations', 'listConversations')).toContainText('"Renamed in the inspector"');
  expect(pageErrors).toEqual([]);
});
