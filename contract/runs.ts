import { z } from 'zod';
import { SuccessResponse } from './common';
import { SessionId, StreamingId } from './ids';
import { defineRoute } from './route';
import { PermissionMode } from './sessions';

/** A live run, by its streamingId or by the id of the session it works on. */
export const RunIdParams = z.object({ id: z.string().min(1) });

/**
 * The next message of a live run. A run waiting (after an interrupt) starts it at once; a working run queues it
 * for when its turn ends, or with `priority: 'now'` interrupts the turn and runs it next.
 */
export const RunMessageRequest = z.strictObject({
  message: z.string().trim().min(1, 'message must not be empty'),
  priority: z.enum(['next', 'now']).optional(),
});
export type RunMessageRequest = z.infer<typeof RunMessageRequest>;

/** A message waiting in a run's queue for the current turn to end. */
export const QueuedMessage = z.object({ id: z.string(), text: z.string(), queuedAt: z.string() });
export type QueuedMessage = z.infer<typeof QueuedMessage>;

export const StartConversationRequest = z.object({
  workingDirectory: z.string({ error: 'workingDirectory is required' }).min(1, 'workingDirectory is required'),
  initialPrompt: z.string({ error: 'initialPrompt is required' }).refine((s) => s.trim().length > 0, 'initialPrompt is required'),
  model: z.string().min(1).optional(),
  systemPrompt: z.string().optional(),
  claudeExecutablePath: z.string().min(1).optional(),
  permissionMode: PermissionMode.optional(),
  resumedSessionId: SessionId.optional(),
  /**
   * Work in a new git worktree of the repository at `workingDirectory` (the CLI's `--worktree`): the session's working
   * directory is then `<repo>/.claude/worktrees/<name>`, on branch `worktree-<name>`. Not with `resumedSessionId` (a
   * follow-up continues where its session works).
   */
  worktree: z.boolean().optional(),
  /** A cap on the run's estimated cost in dollars (the SDK's `maxBudgetUsd`): the run stops once it is reached. */
  maxBudgetUsd: z.number().positive('maxBudgetUsd must be above 0').max(10_000).optional(),
});
export type StartConversationRequest = z.infer<typeof StartConversationRequest>;
/**
 * Answered once the CLI reported its session (system/init), so a start that fails answers 500 `run.start_failed`
 * with what the CLI said. With `resumedSessionId` the history continues in a NEW session (a fork): `sessionId`
 * differs from the resumed one, whose `continuation_session_id` then points to it. One CLI per session (issue 29.16):
 * when the resumed session's run is still live, the prompt joins that run instead, as its next message (the run's
 * own settings stay): the answer names that run and session, and `queued` says where the message waits (null: it
 * started at once); the request's other fields are not used then.
 */
export const StartConversationResponse = z.object({ streamingId: StreamingId, sessionId: z.string(), queued: QueuedMessage.nullable().optional() });
export type StartConversationResponse = z.infer<typeof StartConversationResponse>;

/**
 * Stop accepts a streamingId, or the session id of a live run (spec §7 gives both readings). It answers once
 * the CLI process is gone (within 5 s); stopping a run that already ended answers `{success: true}` too.
 */
export const StopParams = z.object({ id: z.string().min(1) });
export const StopResponse = z.object({ success: z.boolean() });

/** `queued`: the message's place in the queue, or null when it started at once. */
export const RunMessageResponse = z.object({ success: z.boolean(), queued: QueuedMessage.nullable() });
export type RunMessageResponse = z.infer<typeof RunMessageResponse>;

export const QueuedMessageParams = z.object({ id: z.string().min(1), messageId: z.string().min(1) });

/**
 * Turn-level control of a live run, next to start and stop. Interrupt ends the current turn but keeps the process:
 * the turn's `result` carries `interrupted: true` and the run waits for its next message (sent here, in the same
 * session, streamed on the same streamingId). Stop ends the process.
 */
export const runRoutes = {
  start: defineRoute({ name: 'startConversation', summary: 'Starts a CLI run: a new conversation, or a resumed one continuing in a new session (or joining its live run).', method: 'POST', path: '/api/conversations/start', body: StartConversationRequest, response: StartConversationResponse }),
  stop: defineRoute({ name: 'stopConversation', summary: 'Stops a live run, by streamingId or session id.', method: 'POST', path: '/api/conversations/:id/stop', params: StopParams, response: StopResponse }),
  interrupt: defineRoute({
    name: 'interruptRun',
    summary: 'Ends the current turn of a live run but keeps its process, which then takes the next message. Idle runs: nothing to do.',
    method: 'POST',
    path: '/api/conversations/:id/interrupt',
    params: RunIdParams,
    response: SuccessResponse,
  }),
  send: defineRoute({
    name: 'sendRunMessage',
    summary: 'The next message of a live run: runs at once when it waits, else queued for the end of the turn (or now: interrupts).',
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: RunIdParams,
    body: RunMessageRequest,
    response: RunMessageResponse,
  }),
  unqueue: defineRoute({
    name: 'removeQueuedMessage',
    summary: 'Removes a queued message of a live run before it starts.',
    method: 'DELETE',
    path: '/api/conversations/:id/queue/:messageId',
    params: QueuedMessageParams,
    response: SuccessResponse,
  }),
  sendNow: defineRoute({
    name: 'sendQueuedMessageNow',
    summary: 'Moves a queued message of a live run to the front and interrupts the turn, so it runs at once.',
    method: 'POST',
    path: '/api/conversations/:id/queue/:messageId/now',
    params: QueuedMessageParams,
    response: SuccessResponse,
  }),
};
