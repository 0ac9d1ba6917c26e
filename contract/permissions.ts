import { z } from 'zod';
import { PermissionId, StreamingId } from './ids';
import { defineRoute } from './route';

export const PermissionStatus = z.enum(['pending', 'approved', 'denied']);
export type PermissionStatus = z.infer<typeof PermissionStatus>;

/** Where a person decided a request: in the console (any view), or with a notification's Approve/Deny action. */
export const PermissionDecider = z.enum(['console', 'notification']);
export type PermissionDecider = z.infer<typeof PermissionDecider>;

/**
 * A tool-use permission request from a live run (spec §3). `AskUserQuestion` and `ExitPlanMode`
 * arrive here too and are answered through the same decision call: approve AskUserQuestion with
 * `modifiedInput: { answers: { [question text]: 'chosen label' } }` (several labels comma-separated);
 * approve ExitPlanMode to accept the plan, deny it with the feedback as `denyReason`.
 * A request waits as long as its run lives; when the run ends it is settled as `denied`.
 */
export const PermissionRequest = z.object({
  id: PermissionId,
  streamingId: StreamingId,
  sessionId: z.string().optional(),
  toolName: z.string(),
  toolInput: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
  status: PermissionStatus,
  /** The CLI's one-line description of the request, when it gives one. */
  description: z.string().optional(),
  modifiedInput: z.record(z.string(), z.unknown()).optional(),
  denyReason: z.string().optional(),
  /** Set once a person decided it (beyond spec): the conversation shows 'Approved from notification'. Absent when the run settled it. */
  decidedVia: PermissionDecider.optional(),
});
export type PermissionRequest = z.infer<typeof PermissionRequest>;

export const PermissionListQuery = z.object({
  streamingId: StreamingId.optional(),
  status: PermissionStatus.optional(),
});
export const PermissionListResponse = z.object({ permissions: z.array(PermissionRequest) });

/**
 * Approve runs the tool with `modifiedInput`'s fields merged over the original input (send only what
 * changed, or the whole input). Deny tells the model `The user denied this tool use: <denyReason>`
 * (or a default refusal without a reason). A second decision is 409, an unknown id 404.
 */
export const PermissionDecisionRequest = z.object({
  action: z.enum(['approve', 'deny'], { error: 'Action must be either "approve" or "deny"' }),
  modifiedInput: z.record(z.string(), z.unknown()).optional(),
  denyReason: z.string().optional(),
});
export type PermissionDecisionRequest = z.infer<typeof PermissionDecisionRequest>;
export const PermissionDecisionResponse = z.object({ success: z.boolean(), permission: PermissionRequest });

export const permissionRoutes = {
  list: defineRoute({ name: 'listPermissions', summary: 'Permission requests of live runs, by run and status.', method: 'GET', path: '/api/permissions', query: PermissionListQuery, response: PermissionListResponse }),
  decide: defineRoute({
    name: 'decidePermission',
    summary: 'Approves or denies one pending permission request.',
    method: 'POST',
    path: '/api/permissions/:id/decision',
    params: z.object({ id: PermissionId.meta({ title: 'Request ID' }) }),
    body: PermissionDecisionRequest,
    response: PermissionDecisionResponse,
  }),
};
