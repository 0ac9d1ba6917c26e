import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * The CLI's own worktrees (`--worktree <name>`, CLI 2.1.330, reference wave2-verified.md §6f): the worktree is made at
 * `<repo>/.claude/worktrees/<name>` on a new branch `worktree-<name>`, and locked. The run's cwd (and so the folder of
 * its transcript) is the worktree's folder.
 */
const WORKTREES_DIR = path.join('.claude', 'worktrees');
/** The names the console gives: `cui-` and 8 hex digits (a safe branch and folder name). */
const NAME = /^cui-[0-9a-f]{8}$/;

export function newWorktreeName(): string {
  return `cui-${randomBytes(4).toString('hex')}`;
}

export function worktreeBranch(name: string): string {
  return `worktree-${name}`;
}

/** The repository and name of a worktree folder the console had the CLI make; undefined for any other path. */
export function parseWorktreePath(folder: string): { repo: string; name: string } | undefined {
  const resolved = path.resolve(folder);
  const name = path.basename(resolved);
  const parent = path.dirname(resolved);
  if (!NAME.test(name) || !parent.endsWith(path.sep + WORKTREES_DIR)) return undefined;
  return { repo: parent.slice(0, -(WORKTREES_DIR.length + 1)), name };
}
