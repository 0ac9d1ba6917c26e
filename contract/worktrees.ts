import { z } from 'zod';
import { defineRoute } from './route';

/**
 * A git worktree a run worked in (a start with `worktree: true`: the CLI's own `--worktree`, at
 * `<repo>/.claude/worktrees/<name>` on branch `worktree-<name>`). `path` is the worktree's folder, the session's
 * working directory.
 */
export const DiscardWorktreeRequest = z.strictObject({
  path: z.string().min(1, 'path is required').meta({ title: 'Worktree folder' }),
});
export type DiscardWorktreeRequest = z.infer<typeof DiscardWorktreeRequest>;

/** What was removed: the worktree's folder and its branch. */
export const DiscardWorktreeResponse = z.object({ success: z.literal(true), path: z.string(), branch: z.string() });
export type DiscardWorktreeResponse = z.infer<typeof DiscardWorktreeResponse>;

/** Whether a folder can get a worktree: inside a git repository with at least one commit. */
export const RepositoryQuery = z.object({ path: z.string().min(1, 'path is required').meta({ title: 'Folder' }) });
export const RepositoryResponse = z.object({ repository: z.boolean() });
export type RepositoryResponse = z.infer<typeof RepositoryResponse>;

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

export const worktreeRoutes = {
  repository: defineRoute({
    name: 'checkRepository',
    summary: 'Whether a folder is in a git repository with a commit, so a conversation can start in a worktree of it.',
    method: 'GET',
    path: '/api/worktrees/repository',
    query: RepositoryQuery,
    response: RepositoryResponse,
  }),
  discard: defineRoute({
    name: 'discardWorktree',
    summary: "Removes a session's git worktree and deletes its branch (its changes are lost). 409 while a run works in it.",
    method: 'POST',
    path: '/api/worktrees/discard',
    body: DiscardWorktreeRequest,
    response: DiscardWorktreeResponse,
  }),
};
