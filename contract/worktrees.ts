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

export const worktreeRoutes = {
  discard: defineRoute({
    name: 'discardWorktree',
    summary: "Removes a session's git worktree and deletes its branch (its changes are lost). 409 while a run works in it.",
    method: 'POST',
    path: '/api/worktrees/discard',
    body: DiscardWorktreeRequest,
    response: DiscardWorktreeResponse,
  }),
};
