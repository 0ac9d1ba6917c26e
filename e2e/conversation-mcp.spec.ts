import path from 'node:path';
import { expect, test } from './fixtures';
import { makeRepo, startRun, waitForRunEnd } from './conversation-helpers';
import { fakeGate } from './support/fake-gate';

/** Issue 26 points 5-6: the conversation's tools panel with the fake model's tiny stdio MCP server. */

const TINY = path.resolve(import.meta.dirname, '../fake-model/tiny-mcp.mjs');

test('adds the tiny MCP server from the panel, sees it connected with its tool on the next run, and the context breakdown (desktop, then phone)', async ({ cui, loggedInPage: page }) => {
  const repo = makeRepo(cui.dirs);
  const first = await startRun(cui, { workingDirectory: repo, initialPrompt: 'hello' });
  await waitForRunEnd(cui, first.sessionId);
  await page.goto(`/c/${first.sessionId}`);
  await page.getByRole('button', { name: 'MCP', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Tools of this conversation' });
  await expect(panel).toContainText('No run works this conversation now');
  await panel.getByLabel('Server name').fill('tiny');
  await panel.getByLabel('Command', { exact: true }).fill(process.execPath);
  await panel.getByLabel('Arguments').fill(TINY);
  await panel.getByRole('button', { name: 'Review command' }).click();
  // The exact command shows before anything runs.
  const confirm = panel.getByRole('group', { name: 'Command to run' });
  await expect(confirm).toContainText(`claude mcp add tiny --scope user -- ${process.execPath} ${TINY}`);
  await confirm.getByRole('button', { name: 'Run this command' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The next conversation's CLI loads it; its reply is held so the run stays live.
  const gate = fakeGate(cui, 'mcp-e2e');
  const second = await startRun(cui, { workingDirectory: repo, initialPrompt: gate.prompt('hello again') });
  await gate.held(0);
  await expect
    .poll(async () => ((await (await cui.api(`/api/conversations/${second.sessionId}/mcp`)).json()) as { servers: { name: string; status: string }[] }).servers.find((s) => s.name === 'tiny')?.status)
    .toBe('connected');
  await page.goto(`/c/${second.sessionId}`);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'MCP', exact: true }).click();
    const row = panel.getByRole('listitem', { name: 'MCP server tiny' });
    await expect(row).toContainText('connected');
    await expect(row).toContainText('user');
    await expect(row).toContainText('ping');
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    await panel.getByRole('button', { name: 'Context' }).click();
    const breakdown = panel.getByRole('region', { name: 'Context breakdown' });
    await expect(breakdown).toContainText('System prompt');
    await expect(breakdown.getByRole('list', { name: 'MCP tools' })).toContainText('ping (tiny)');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
  await gate.release(0);
});
