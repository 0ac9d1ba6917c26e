import { z } from 'zod';
import { SuccessResponse } from './common';
import { defineRoute } from './route';

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
