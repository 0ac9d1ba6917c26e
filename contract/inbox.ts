import { z } from 'zod';
import { PermissionId, StreamingId } from './ids';
import { defineStreamRoute } from './route';

/**
 * One permission request waiting for a decision, as the "needs you" inbox lists it. Deliberately not the whole
 * `PermissionRequest`: the list is resent on every change to every open page, and a tool input (a Write's content)
 * can be large; the conversation view has the full request. Decide it with POST /api/permissions/:id/decision.
 */
export const WaitingPermission = z.object({
  /** The permission request's id. */
  id: PermissionId,
  streamingId: StreamingId,
  sessionId: z.string().optional(),
  /** The session's title as the list shows it ('' while it has none). */
  sessionTitle: z.string(),
  toolName: z.string(),
  /** One short line about the tool input (a file name, a command, a pattern…; '' when there is nothing to say). */
  summary: z.string(),
  /** ISO time the run asked. */
  timestamp: z.string(),
  /** The CLI's "don't ask again" choice for it, worded as the CLI words it, when it offers one (issue 26.1). */
  alwaysAllowLabel: z.string().optional(),
});
export type WaitingPermission = z.infer<typeof WaitingPermission>;

/**
 * Events of GET /api/permissions/waiting (`application/x-ndjson`, heartbeat lines start with ':'): each line is the
 * whole list of requests waiting across all live runs, oldest first. The first line is the list at connection time;
 * a new line follows whenever a request arrives, is decided, or its run ends.
 */
export const WaitingPermissionsEvent = z.object({
  type: z.literal('waiting'),
  permissions: z.array(WaitingPermission),
});
export type WaitingPermissionsEvent = z.infer<typeof WaitingPermissionsEvent>;

export const inboxRoutes = {
  waiting: defineStreamRoute({
    name: 'streamWaitingPermissions',
    summary: 'The permission requests waiting across all runs (NDJSON): the list now, then again on every change.',
    method: 'GET',
    path: '/api/permissions/waiting',
    emits: { framing: 'ndjson', schema: WaitingPermissionsEvent },
  }),
};
