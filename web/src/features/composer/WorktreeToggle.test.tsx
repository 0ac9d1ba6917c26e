import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';
import type { SuggestionLoaders } from './suggestion-loaders';

const loaders: SuggestionLoaders = { files: vi.fn(async () => ({ items: [], complete: true })), searchFiles: vi.fn(async () => []), commands: vi.fn(async () => []) };
const REPOSITORIES = new Set(['/work/repo']);

/** The working directories (a repository first, then a plain folder) and the repository check. */
function stubApi() {
  const directories = ['/work/repo', '/work/plain'].map((path, i) => ({ path, shortname: path.split('/').pop() ?? path, lastDate: `2026-01-0${9 - i}T00:00:00Z`, conversationCount: 1 }));
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://cui.test');
    const body = url.pathname === '/api/worktrees/repository'
      ? { repository: REPOSITORIES.has(url.searchParams.get('path') ?? '') }
      : { directories, totalCount: directories.length };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
}

beforeEach(() => {
  stubApi();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Worktree option of the home composer', () => {
  it('is offered for a git repository and, when on, asks for a worktree', async () => {
    const onSubmit = vi.fn(async () => true);
    const user = userEvent.setup();
    render(<Composer placeholder="Describe a task" selectDirectory onSubmit={onSubmit} loaders={loaders} />);
    const toggle = await screen.findByRole('button', { name: 'Worktree' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'try it in a worktree');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ text: 'try it in a worktree', workingDirectory: '/work/repo', worktree: true }));
  });

  it('asks for no worktree while off, and is not offered in a folder that is no repository', async () => {
    const onSubmit = vi.fn(async () => true);
    const user = userEvent.setup();
    render(<Composer placeholder="Describe a task" selectDirectory onSubmit={onSubmit} loaders={loaders} />);
    await screen.findByRole('button', { name: 'Worktree' });
    await user.type(screen.getByRole('combobox', { name: 'Task' }), 'plain');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ worktree: true }));

    await user.click(screen.getByRole('button', { name: 'Working directory: repo' }));
    await user.click(await screen.findByRole('menuitem', { name: /plain/ }));
    await screen.findByRole('button', { name: 'Working directory: plain' });
    expect(screen.queryByRole('button', { name: 'Worktree' })).toBeNull();
  });
});
