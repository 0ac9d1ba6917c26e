import { z } from 'zod';
import { PermissionId, SessionId, StreamingId } from './ids';
import { defineRoute } from './route';

export const PermissionStatus = z.enum(['pending', 'approved', 'denied']);

/** Where a permission rule is written (the SDK's PermissionUpdateDestination). */
export const PermissionRuleDestination = z.enum(['session', 'localSettings', 'projectSettings', 'userSettings', 'cliArg']);
export type PermissionRuleDestination = z.infer<typeof PermissionRuleDestination>;

/**
 * One of the CLI's own "don't ask again" suggestions for a request (the SDK's `suggestions` of `canUseTool`, a
 * PermissionUpdate each, kept as the CLI gave it in `update`). Like the CLI's own "don't ask again", an approval with
 * `alwaysAllow: true` applies them all (a command that writes a file needs both its rule and the folder's access).
 */
export const PermissionSuggestion = z.object({
  /** As the CLI words it: "Yes, and don't ask again for `npm test` commands in this project". */
  label: z.string(),
  destination: PermissionRuleDestination,
  /** Where that is, in words: 'this session', "this project's local settings (.claude/settings.local.json)"… */
  destinationLabel: z.string(),
  update: z.looseObject({ type: z.string(), destination: PermissionRuleDestination }),
});
export type PermissionSuggestion = z.infer<typeof PermissionSuggestion>;
export type PermissionStatus = z.infer<typeof PermissionStatus>;

/**
 * Where a person decided a request: in the console's conversation view (`console`), in the console's "needs you" list
 * (`inbox`), or with a notification's Approve/Deny action.
 */
export const PermissionDecider = z.enum(['console', 'inbox', 'notification']);
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
  /** The tool use the request is about (the CLI's id), when the CLI gave it: the conversation shows the decision by it. */
  toolUseId: z.string().optional(),
  /** The CLI's "don't ask again" suggestions for this request (issue 26.1), in its order; the first one's label names the choice. */
  suggestions: z.array(PermissionSuggestion).optional(),
  /** Set when the approval applied the suggestions ("don't ask again"). */
  alwaysAllowed: z.boolean().optional(),
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
  /** With approve: apply the request's suggestions too ("don't ask again"); 400 when it has none. */
  alwaysAllow: z.boolean().optional(),
  /** Which console view decided (beyond spec): the conversation (`console`, the default) or the "needs you" list. */
  via: z.enum(['console', 'inbox'], { error: 'via must be either "console" or "inbox"' }).optional(),
});
export type PermissionDecisionRequest = z.infer<typeof PermissionDecisionRequest>;
export const PermissionDecisionResponse = z.object({ success: z.boolean(), permission: PermissionRequest });

/** A person's decision as kept with its session (issue 29.7): shown from history after a reload. */
export const PermissionDecisionRecord = z.object({
  permissionId: z.string(),
  /** The session the run worked in when the request was made. */
  sessionId: z.string(),
  toolUseId: z.string().optional(),
  toolName: z.string(),
  status: z.enum(['approved', 'denied']),
  decidedVia: PermissionDecider,
  decidedAt: z.string(),
});
export type PermissionDecisionRecord = z.infer<typeof PermissionDecisionRecord>;
export const SessionDecisionsResponse = z.object({ decisions: z.array(PermissionDecisionRecord) });

export const permissionRoutes = {
  sessionDecisions: defineRoute({
    name: 'listSessionDecisions',
    summary: "Who decided each permission request of a session (and of the sessions it continues): the page, the inbox or a notification.",
    method: 'GET',
    path: '/api/conversations/:sessionId/decisions',
    params: z.object({ sessionId: SessionId }),
    response: SessionDecisionsResponse,
  }),
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
