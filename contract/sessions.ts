import { z } from 'zod';
import { QueryBool, QueryInt } from './common';
import { CUSTOM_NAME_MAX, MAX_DETAILS_WINDOW, PERMISSION_MODES } from './constants';
import { SessionId, StreamingId } from './ids';
import { ConversationMessage } from './messages';
import { defineRoute } from './route';

/** Permission modes (spec §4); their composer labels are PERMISSION_MODE_LABELS (./constants). */
export const PermissionMode = z.enum(PERMISSION_MODES, {
  error: 'permissionMode must be one of: default, acceptEdits, bypassPermissions, plan',
});
export type PermissionMode = z.infer<typeof PermissionMode>;

/** Per-session data the console keeps itself (snake_case on the wire, as the spec fixes). */
export const SessionInfo = z.object({
  custom_name: z.string(),
  pinned: z.boolean(),
  archived: z.boolean(),
  continuation_session_id: z.string(),
  initial_commit_head: z.string(),
  permission_mode: z.string(),
  /** false when the user muted this session ('Mute'); with notifications on, every other session notifies. */
  notify: z.boolean(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Session info of a session the console has stored nothing for. */
export const DEFAULT_SESSION_INFO: SessionInfo = {
  custom_name: '',
  pinned: false,
  archived: false,
  continuation_session_id: '',
  initial_commit_head: '',
  permission_mode: 'default',
  notify: true,
};

export const ToolMetrics = z.object({
  editCount: z.number().int().nonnegative(),
  writeCount: z.number().int().nonnegative(),
  linesAdded: z.number().int().nonnegative(),
  linesRemoved: z.number().int().nonnegative(),
});
export type ToolMetrics = z.infer<typeof ToolMetrics>;

/**
 * What a session used (issue 17.4): tokens counted once per API response (the CLI repeats a response's usage on
 * each of its content blocks), and the cost the CLI itself computed (its last `cost-state` line). Transcripts of
 * CLIs before 2.1 have no cost line: `costUsd` is then absent. `costIsEstimate` when a run of the session went
 * through the model-provider router: the CLI priced it as the Claude model it asked for, not the provider's bill.
 */
export const SessionUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheCreationTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().optional(),
  costIsEstimate: z.boolean().optional(),
});
export type SessionUsage = z.infer<typeof SessionUsage>;

/** The schedule whose firing started a session: its list row and conversation header link back to it (issue 27). */
export const ScheduleLink = z.object({ id: z.string(), name: z.string() });
export type ScheduleLink = z.infer<typeof ScheduleLink>;

/** Where a branch came from (features/rewind): the conversation and the message it was made from. */
export const BranchLink = z.object({ sessionId: z.string(), messageId: z.string() });
export type BranchLink = z.infer<typeof BranchLink>;

export const SessionStatus = z.enum(['ongoing', 'completed']);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** One row of GET /api/conversations (spec §3 Conversation summary). */
export const ConversationSummary = z.object({
  sessionId: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  projectPath: z.string(),
  status: SessionStatus,
  /** Present while the session has a live run. */
  streamingId: StreamingId.optional(),
  /**
   * 'terminal' while a CLI outside this console is writing the session (status 'ongoing', no streamingId; the
   * home row says 'Active in terminal'): it can be followed (GET …/follow) but not written to until it stops.
   */
  liveSource: z.literal('terminal').optional(),
  messageCount: z.number().int().nonnegative(),
  toolMetrics: ToolMetrics,
  /** Tokens and cost (beyond the spec); absent only where nothing is known yet. */
  usage: SessionUsage.optional(),
  sessionInfo: SessionInfo,
  /** Present when a schedule started the session. */
  schedule: ScheduleLink.optional(),
  /** Present when the session is a branch made from a message of another (features/rewind). */
  branchedFrom: BranchLink.optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const MAX_LIST_LIMIT = 500;
export const ConversationListQuery = z.object({
  limit: QueryInt.pipe(z.number().min(1).max(MAX_LIST_LIMIT)).optional(),
  offset: QueryInt.optional(),
  projectPath: z.string().optional(),
  hasContinuation: QueryBool.optional(),
  archived: QueryBool.optional(),
  pinned: QueryBool.optional(),
  sortBy: z.enum(['updated', 'created']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** Pinned sessions before the others, each group in the requested order (the home list's order, spec §2), so pages stay consistent. */
  pinnedFirst: QueryBool.optional(),
  /** Only this session: the conversation view's lookup of its own list entry (status, streamingId, session info). */
  sessionId: z.string().optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;
export const ConversationListResponse = z.object({
  conversations: z.array(ConversationSummary),
  /** The number of matching sessions; while `indexing`, an upper bound (those indexed so far plus the transcripts not read yet). */
  total: z.number().int().nonnegative(),
  /**
   * Present while the first index is still being built (issue 11 point 5): the page is the one the finished index will
   * give (same sessions, same order), but titles may still change and `total` is not exact. Ask again when the list
   * version (GET /api/conversations/version) changes.
   */
  indexing: z.literal(true).optional(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

export const SessionParams = z.object({ sessionId: SessionId });

/**
 * Details in windows (issue 11), newest first: `limit` asks for the newest `limit` messages of the session's own
 * transcript (plus the subagent messages of the Task calls among them); `before`, the previous window's
 * `window.before`, for the ones older than that window. Windows tile the conversation without gap or overlap.
 * Without `limit`, the whole conversation.
 */
export const ConversationDetailsQuery = z
  .object({
    limit: QueryInt.pipe(z.number().min(1, 'limit must be at least 1').max(MAX_DETAILS_WINDOW, `limit must be at most ${MAX_DETAILS_WINDOW}`)).optional(),
    before: QueryInt.optional(),
    /**
     * A message uuid (a search hit): the window reaches back at least to that message, so the view opens on it
     * with everything after it loaded. A uuid not in the transcript reads it whole.
     */
    through: z.string().min(1).max(100).optional(),
  })
  .refine((q) => q.before === undefined || q.limit !== undefined, { message: 'before needs limit', path: ['before'] })
  .refine((q) => q.through === undefined || q.limit !== undefined, { message: 'through needs limit', path: ['through'] });
export type ConversationDetailsQuery = z.infer<typeof ConversationDetailsQuery>;

/** Where a window sits: `before` is the cursor of the next older window, null when this one starts the conversation. */
export const DetailsWindow = z.object({ before: z.number().int().nonnegative().nullable() });
export type DetailsWindow = z.infer<typeof DetailsWindow>;

export const ConversationDetails = z.object({
  messages: z.array(ConversationMessage),
  summary: z.string(),
  projectPath: z.string(),
  metadata: z.looseObject({
    model: z.string().optional(),
    totalDuration: z.number().optional(),
    toolMetrics: ToolMetrics.optional(),
    /** As in the list row (beyond the spec). */
    usage: SessionUsage.optional(),
  }),
  /** Present when a window was asked for (`limit`). */
  window: DetailsWindow.optional(),
});
export type ConversationDetails = z.infer<typeof ConversationDetails>;

export const SessionUpdateRequest = z.strictObject({
  customName: z.string().max(CUSTOM_NAME_MAX, `customName must be ${CUSTOM_NAME_MAX} characters or less`).optional(),
  pinned: z.boolean().optional(),
  archived: z.boolean().optional(),
  continuationSessionId: z.string().optional(),
  initialCommitHead: z.string().optional(),
  permissionMode: PermissionMode.optional(),
  /** false mutes the session's notifications ('Mute'); true lifts it ('Notify me'). */
  notify: z.boolean().optional(),
});
export type SessionUpdateRequest = z.infer<typeof SessionUpdateRequest>;
export const SessionUpdateResponse = z.object({ success: z.boolean(), sessionInfo: SessionInfo });

export const ArchiveAllResponse = z.object({ success: z.boolean(), archivedCount: z.number().int(), message: z.string() });

export const WorkingDirectory = z.object({
  path: z.string(),
  shortname: z.string(),
  lastDate: z.string(),
  conversationCount: z.number().int().nonnegative(),
});
export type WorkingDirectory = z.infer<typeof WorkingDirectory>;
export const WorkingDirectoriesResponse = z.object({ directories: z.array(WorkingDirectory), totalCount: z.number().int() });

/**
 * GET /api/conversations/version: an opaque token that changes whenever what the list shows may have changed (a
 * transcript indexed or removed, a session's info, a run starting or ending, a terminal CLI taking or letting go of a
 * session). The home page polls it while visible and reloads its rows when it changes (issue 18).
 */
export const ListVersionResponse = z.object({ version: z.string() });
export type ListVersionResponse = z.infer<typeof ListVersionResponse>;

export const sessionRoutes = {
  list: defineRoute({ name: 'listConversations', summary: 'One page of conversations, filtered and sorted.', method: 'GET', path: '/api/conversations', query: ConversationListQuery, response: ConversationListResponse }),
  version: defineRoute({ name: 'conversationListVersion', summary: 'A token that changes whenever the conversation list may have changed (polled by the home page).', method: 'GET', path: '/api/conversations/version', response: ListVersionResponse }),
  archiveAll: defineRoute({ name: 'archiveAllConversations', summary: 'Archives every conversation that is not archived yet.', method: 'POST', path: '/api/conversations/archive-all', response: ArchiveAllResponse }),
  details: defineRoute({ name: 'getConversation', summary: 'The messages, summary and metadata of one conversation; with ?limit, a window of the newest messages (older ones with ?before).', method: 'GET', path: '/api/conversations/:sessionId', params: SessionParams, query: ConversationDetailsQuery, response: ConversationDetails }),
  update: defineRoute({ name: 'updateConversation', summary: "Changes a conversation's session info (name, pin, archive, continuation, permission mode).", method: 'PUT', path: '/api/conversations/:sessionId/update', params: SessionParams, body: SessionUpdateRequest, response: SessionUpdateResponse }),
  workingDirectories: defineRoute({ name: 'listWorkingDirectories', summary: 'Directories conversations ran in, with their last date and count.', method: 'GET', path: '/api/working-directories', response: WorkingDirectoriesResponse }),
};
