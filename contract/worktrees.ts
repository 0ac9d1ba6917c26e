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

export { worktreeBranch, worktreeOf } from './worktree-paths';

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
