import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type Cui, type E2eDirs, expect } from './fixtures';
import { writeTranscript } from './support/transcripts';

/** A git work dir with hello.txt 'helo wrld' committed (what the fake model's 'fix' scenario repairs). */
export function makeRepo(dirs: E2eDirs, name = 'repo'): string {
  const repo = path.join(dirs.work, name);
  fs.mkdirSync(repo, { recursive: true });
  fs.writeFileSync(path.join(repo, 'hello.txt'), 'helo wrld\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=e2e@example.com', '-c', 'user.name=e2e', '-c', 'init.defaultBranch=main', ...args], {
      cwd: repo,
      env: { ...process.env, HOME: dirs.home, GIT_CONFIG_NOSYSTEM: '1' },
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', 'hello.txt');
  git('commit', '-q', '-m', 'init');
  return repo;
}

/** A git repository (makeRepo) with one past session in it, so the home composer preselects it. */
export function seedRepoWithSession(dirs: E2eDirs, name: string, sessionId: string): string {
  const repo = makeRepo(dirs, name);
  writeTranscript(dirs, {
    sessionId,
    cwd: repo,
    messages: [
      { role: 'user', content: 'What is in hello.txt?' },
      { role: 'assistant', content: 'A typo.' },
    ],
  });
  return repo;
}

export interface StartedRun {
  sessionId: string;
  streamingId: string;
}

/** Starts a run through the API (the home composer is the home feature's subject). */
export async function startRun(cui: Cui, body: { workingDirectory: string; initialPrompt: string; permissionMode?: string; resumedSessionId?: string }): Promise<StartedRun> {
  const response = await cui.api('/api/conversations/start', { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`start failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as StartedRun;
}

/** The locator of one tool panel by tool name. */
export const toolPanel = (page: Page, name: string) => page.locator(`section[data-tool="${name}"]`);

/** Waits until the session's run has finished (its list entry is no longer ongoing). */
export async function waitForRunEnd(cui: Cui, sessionId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const list = (await (await cui.api('/api/conversations?limit=50')).json()) as { conversations: Array<{ sessionId: string; status: string }> };
        return list.conversations.find((c) => c.sessionId === sessionId)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
}

/**
 * Opens a finished conversation (one quick 'hello' run in `repo`) and sends `prompt` from its composer,
 * so the page is connected to the new run from its first event.
 */
export async function followUpFromPage(page: Page, cui: Cui, repo: string, prompt: string, mode: 'Ask' | 'Auto' = 'Auto'): Promise<string> {
  const first = await startRun(cui, { workingDirectory: repo, initialPrompt: 'hello there', permissionMode: mode === 'Auto' ? 'acceptEdits' : 'default' });
  await waitForRunEnd(cui, first.sessionId);
  await page.goto(`/c/${first.sessionId}`);
  const composer = page.getByRole('combobox', { name: 'Task' });
  await composer.fill(prompt);
  await page.getByRole('button', { name: 'Send' }).click();
  return first.sessionId;
}
