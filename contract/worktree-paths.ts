/**
 * Worktree folders as the CLI makes them (`<repo>/.claude/worktrees/<name>`, branch `worktree-<name>`). Zod-free, so
 * the web reads them (`@cui/contract/worktree-paths`) without the schemas in its first load.
 */

/** Folder names the console gives its worktrees: `cui-` and 8 hex digits (safe as a folder and a branch name). */
const WORKTREE_NAME = /^cui-[0-9a-f]{8}$/;
const WORKTREES_DIR = '/.claude/worktrees/';

/** The branch the CLI makes for a worktree of this name. */
export function worktreeBranch(name: string): string {
  return `worktree-${name}`;
}

/**
 * The repository, name and branch of a worktree folder the console had the CLI make (`<repo>/.claude/worktrees/<name>`,
 * an absolute POSIX path as the CLI reports it); undefined for any other folder.
 */
export function worktreeOf(folder: string): { repo: string; name: string; branch: string } | undefined {
  const trimmed = folder.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf(WORKTREES_DIR);
  const name = at < 0 ? '' : trimmed.slice(at + WORKTREES_DIR.length);
  const repo = trimmed.slice(0, at);
  if (at <= 0 || !WORKTREE_NAME.test(name) || !repo.startsWith('/') || repo.split('/').some((part) => part === '..' || part === '.')) return undefined;
  return { repo, name, branch: worktreeBranch(name) };
}
