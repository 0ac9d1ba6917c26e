import { z } from 'zod';
import { SessionId } from './ids';
import { defineRoute } from './route';
import { SessionParams } from './sessions';

/**
 * Restoring files to a user message and branching from a message (issue 24 points 3, 4). A message is named by its
 * transcript `uuid` (the console stamps one on every user message a run sends). Runs keep file checkpoints (the Agent
 * SDK's file checkpointing): edits by Claude's file tools are tracked; changes made by shell commands are not.
 */
export const MessageRef = z.strictObject({
  messageId: z.string().min(1, 'messageId is required').max(100).meta({ title: 'Message uuid' }),
});
export type MessageRef = z.infer<typeof MessageRef>;

/** What restoring the files to before a message would change, as the SDK's dry run reports it. */
export const RewindPreview = z.object({
  /** False when the message has no file checkpoint (a session run without checkpointing, an unknown message). */
  canRewind: z.boolean(),
  /** Why nothing can be restored, when `canRewind` is false. */
  error: z.string().optional(),
  /** Absolute paths of the files a restore would change. */
  filesChanged: z.array(z.string()),
  insertions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});
export type RewindPreview = z.infer<typeof RewindPreview>;

export const RewindResponse = z.object({
  success: z.literal(true),
  /** The files restored (the preview taken just before). */
  filesChanged: z.array(z.string()),
  /** Files left as they are because a link or non-regular file stood at their path. */
  skippedLinks: z.number().int().nonnegative(),
});
export type RewindResponse = z.infer<typeof RewindResponse>;

/** The new conversation holding the history up to and including the chosen message. */
export const BranchResponse = z.object({ sessionId: SessionId });
export type BranchResponse = z.infer<typeof BranchResponse>;

export const rewindRoutes = {
  preview: defineRoute({
    name: 'previewRewind',
    summary: "What restoring a conversation's files to before a user message would change (the SDK's dry run; nothing is written). 409 while its run works.",
    method: 'POST',
    path: '/api/conversations/:sessionId/rewind/preview',
    params: SessionParams,
    body: MessageRef,
    response: RewindPreview,
  }),
  restore: defineRoute({
    name: 'rewindFiles',
    summary: 'Restores the files Claude edited to how they were before a user message (shell commands are not tracked). 409 while its run works.',
    method: 'POST',
    path: '/api/conversations/:sessionId/rewind',
    params: SessionParams,
    body: MessageRef,
    response: RewindResponse,
  }),
  branch: defineRoute({
    name: 'branchConversation',
    summary: 'A new conversation with the history up to and including a message (no model call).',
    method: 'POST',
    path: '/api/conversations/:sessionId/branch',
    params: SessionParams,
    body: MessageRef,
    response: BranchResponse,
  }),
};
