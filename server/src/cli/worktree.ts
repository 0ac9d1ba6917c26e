import { randomBytes } from 'node:crypto';

/**
 * The CLI's own worktrees (`--worktree <name>`, CLI 2.1.330, reference wave2-verified.md §6f): the worktree is made at
 * `<repo>/.claude/worktrees/<name>` on a new branch `worktree-<name>`, and locked. The run's cwd (and so the folder of
 * its transcript) is the worktree's folder. Reading such a path back is `worktreeOf` in the contract (the web needs it).
 */
export function newWorktreeName(): string {
  return `cui-${randomBytes(4).toString('hex')}`;
}
