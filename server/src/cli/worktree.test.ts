import { describe, expect, it } from 'vitest';
import { newWorktreeName, parseWorktreePath, worktreeBranch } from './worktree';

describe('worktree names and paths', () => {
  it('names worktrees cui-<8 hex> on branch worktree-<name>', () => {
    const name = newWorktreeName();
    expect(name).toMatch(/^cui-[0-9a-f]{8}$/);
    expect(worktreeBranch(name)).toBe(`worktree-${name}`);
  });

  it('finds the repository of a worktree folder the console named, and nothing in any other path', () => {
    expect(parseWorktreePath('/home/u/repo/.claude/worktrees/cui-0123abcd')).toEqual({ repo: '/home/u/repo', name: 'cui-0123abcd' });
    expect(parseWorktreePath('/home/u/repo/.claude/worktrees/cui-0123abcd/')).toEqual({ repo: '/home/u/repo', name: 'cui-0123abcd' });
    expect(parseWorktreePath('/home/u/repo/.claude/worktrees/other')).toBeUndefined();
    expect(parseWorktreePath('/home/u/repo/worktrees/cui-0123abcd')).toBeUndefined();
    expect(parseWorktreePath('/home/u/repo/.claude/worktrees/cui-0123abcd/../cui-0123abce/..')).toBeUndefined();
    expect(parseWorktreePath('/home/u/repo')).toBeUndefined();
  });
});
