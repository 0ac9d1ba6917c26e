import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { WorktreeBadge } from './WorktreeBadge';

const FOLDER = '/work/app/.claude/worktrees/cui-0123abcd';

function renderBadge(projectPath: string | null) {
  render(
    <TooltipProvider>
      <WorktreeBadge projectPath={projectPath} />
    </TooltipProvider>,
  );
}

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('WorktreeBadge', () => {
  it('shows nothing for a conversation in a plain folder', () => {
    renderBadge('/work/app');
    expect(screen.queryByTestId('worktree-badge')).toBeNull();
  });

  it('keeps the whole branch name in its title (the name truncates on a phone)', () => {
    renderBadge(FOLDER);
    expect(screen.getByText('worktree-cui-0123abcd')).toHaveAttribute('title', 'worktree-cui-0123abcd: a worktree of /work/app');
  });

  it("shows the worktree's branch, and discards it with its branch once confirmed", async () => {
    const fetch = stubFetch(200, { success: true, path: FOLDER, branch: 'worktree-cui-0123abcd' });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderBadge(FOLDER);
    expect(screen.getByTestId('worktree-badge')).toHaveTextContent('worktree-cui-0123abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Discard worktree' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('worktree-cui-0123abcd'));
    expect(await screen.findByText('Worktree discarded')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toContain('/api/worktrees/discard');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ path: FOLDER });
    expect(screen.queryByRole('button', { name: 'Discard worktree' })).toBeNull();
  });

  it('sends nothing when the confirmation is declined, and shows why a discard failed', async () => {
    const fetch = stubFetch(409, { error: 'A conversation is running in this worktree: stop it first', code: 'worktree.busy' });
    vi.stubGlobal('confirm', vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true));
    renderBadge(FOLDER);
    await userEvent.click(screen.getByRole('button', { name: 'Discard worktree' }));
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard worktree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A conversation is running in this worktree: stop it first');
    expect(screen.getByRole('button', { name: 'Discard worktree' })).toBeInTheDocument();
  });
});
