import { z } from 'zod';
import { SuccessResponse } from './common';
import { defineRoute } from './route';

/** A live run, by its streamingId or by the id of the session it works on. */
export const RunIdParams = z.object({ id: z.string().min(1) });

/** The next message of a live run that is waiting for one (after an interrupted turn). */
export const RunMessageRequest = z.strictObject({ message: z.string().trim().min(1, 'message must not be empty') });
export type RunMessageRequest = z.infer<typeof RunMessageRequest>;

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
    summary: 'Gives a live run that is waiting (after an interrupt) its next message, as a new turn of the same session.',
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: RunIdParams,
    body: RunMessageRequest,
    response: SuccessResponse,
  }),
};
