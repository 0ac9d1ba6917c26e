import { worktreeOf } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { newWorktreeName } from './worktree';

describe('worktree names and paths', () => {
  it('names worktrees cui-<8 hex>, which read back as worktree folders on branch worktree-<name>', () => {
    const name = newWorktreeName();
    expect(name).toMatch(/^cui-[0-9a-f]{8}$/);
    expect(worktreeOf(`/repo/.claude/worktrees/${name}`)).toEqual({ repo: '/repo', name, branch: `worktree-${name}` });
  });

  it('finds the repository of a worktree folder the console named, and nothing in any other path', () => {
    expect(worktreeOf('/home/u/repo/.claude/worktrees/cui-0123abcd')).toEqual({ repo: '/home/u/repo', name: 'cui-0123abcd', branch: 'worktree-cui-0123abcd' });
    expect(worktreeOf('/home/u/repo/.claude/worktrees/cui-0123abcd/')?.repo).toBe('/home/u/repo');
    expect(worktreeOf('/home/u/repo/.claude/worktrees/other')).toBeUndefined();
    expect(worktreeOf('/home/u/repo/worktrees/cui-0123abcd')).toBeUndefined();
    expect(worktreeOf('/home/u/../.claude/worktrees/cui-0123abcd')).toBeUndefined();
    expect(worktreeOf('relative/.claude/worktrees/cui-0123abcd')).toBeUndefined();
    expect(worktreeOf('/.claude/worktrees/cui-0123abcd')).toBeUndefined();
    expect(worktreeOf('/home/u/repo')).toBeUndefined();
  });
});
