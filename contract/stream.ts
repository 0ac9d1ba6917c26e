import { z } from 'zod';
import { QueryInt } from './common';
import { StreamingId } from './ids';
import { ApiMessage, MessageOrigin } from './messages';
import { PermissionRequest } from './permissions';
import { defineStreamRoute } from './route';
import { QueuedMessage } from './runs';

/**
 * Events of GET /api/stream/:streamingId (`application/x-ndjson`): one JSON event per line; lines starting
 * with ':' are heartbeats (every 15 s). The first line is `connected` (no seq); every later event carries
 * `seq`, its position in the run (0, 1, 2, …) and a `timestamp` (except the transient `assistant_delta`). A viewer gets the run from seq 0 (or from
 * `?from=<seq>`), then live events, so a late or reconnecting viewer loses nothing. `closed` is always the
 * last event and the response ends after it. A finished run stays replayable for 10 minutes
 * (then 410 `run.finished`); an unknown id is 404 `run.not_found`.
 */
const base = { seq: z.number().int().nonnegative().optional(), timestamp: z.string().optional() };

export const ConnectedEvent = z.looseObject({ type: z.literal('connected'), streamingId: StreamingId, ...base });
/** The CLI's system/init, renamed (spec: system_init with cwd). */
export const SystemInitEvent = z.looseObject({
  type: z.literal('system_init'),
  cwd: z.string(),
  session_id: z.string(),
  model: z.string().optional(),
  permissionMode: z.string().optional(),
  tools: z.array(z.string()).optional(),
  ...base,
});
/** Any other system subtype from the CLI (api_retry, status, compact_boundary, …); `local_command` carries a local slash command's output in `content` (as the transcript writes it). */
export const SystemEvent = z.looseObject({ type: z.literal('system'), subtype: z.string(), ...base });
export const AssistantEvent = z.looseObject({
  type: z.literal('assistant'),
  message: ApiMessage,
  parent_tool_use_id: z.string().nullable().optional(),
  session_id: z.string().optional(),
  uuid: z.string().optional(),
  ...base,
});
/**
 * Text (or thinking) of an assistant message as it is typed: the CLI's partial-message deltas. Transient: it
 * carries no `seq` and is not kept in the replay log one token at a time; the run keeps the text so far per
 * block, and a viewer that connects (or reconnects) mid-message first gets it whole (`offset: 0`), then the
 * next pieces. The block's text becomes `text so far.slice(0, offset) + text`, so a repeated or overlapping
 * piece is harmless. The complete `assistant` event with the same `message.id` replaces the provisional block.
 */
export const AssistantDeltaEvent = z.looseObject({
  type: z.literal('assistant_delta'),
  /** The API message id (`message.id` of the `assistant` event that will complete it). */
  messageId: z.string(),
  /** Position of the content block in the API message. */
  index: z.number().int().nonnegative(),
  kind: z.enum(['text', 'thinking']),
  /** Where `text` starts in the block's text. */
  offset: z.number().int().nonnegative(),
  text: z.string(),
  parent_tool_use_id: z.string().nullable().optional(),
  ...base,
});
export const UserEvent = z.looseObject({
  type: z.literal('user'),
  message: ApiMessage,
  parent_tool_use_id: z.string().nullable().optional(),
  session_id: z.string().optional(),
  uuid: z.string().optional(),
  tool_use_result: z.unknown().optional(),
  /** Set on turns the CLI injected (a task notification, …), see MessageOrigin. */
  origin: MessageOrigin.optional().catch(undefined),
  ...base,
});
/**
 * The context window fill as the CLI's status line computes it: the last main-chain response's input tokens
 * (fresh + cache read + cache creation) over the model's context window (the result's `modelUsage[model].contextWindow`).
 */
export const ContextUsage = z.object({
  usedTokens: z.number().int().nonnegative(),
  windowTokens: z.number().int().positive(),
});
export type ContextUsage = z.infer<typeof ContextUsage>;
export const ResultEvent = z.looseObject({
  type: z.literal('result'),
  subtype: z.string(),
  is_error: z.boolean().optional(),
  result: z.string().optional(),
  session_id: z.string(),
  num_turns: z.number().optional(),
  duration_ms: z.number().optional(),
  total_cost_usd: z.number().optional(),
  /**
   * Set by the console (not the CLI) when a viewer interrupted the turn: the run is still live and waits for its
   * next message (POST /api/conversations/:id/messages). Without it, a result ends the run as before.
   */
  interrupted: z.boolean().optional(),
  /** Set by the console: how full the model's context window is after this turn (see ContextUsage). */
  contextUsage: ContextUsage.optional(),
  ...base,
});
/**
 * Something went wrong outside the model's conversation: the CLI crashed or could not start, or wrote a
 * line that is not JSON (skipped). Not terminal by itself: the run goes on until `closed`. The CLI's stderr
 * is never sent here (it goes to the log). API errors arrive as a `result` with `is_error: true` instead.
 */
export const ErrorEvent = z.looseObject({ type: z.literal('error'), error: z.string(), ...base });
export const PermissionRequestEvent = z.looseObject({ type: z.literal('permission_request'), data: PermissionRequest, ...base });
/** A permission was approved or denied (by any viewer, or settled by the run ending). */
export const PermissionResolvedEvent = z.looseObject({ type: z.literal('permission_resolved'), data: PermissionRequest, ...base });
/**
 * The run's message queue changed (queued, removed, or the first one started as a new turn, named by `started`):
 * the whole queue. Kept in the replay log, so a viewer that reloads sees the queue as it is.
 */
export const QueueUpdatedEvent = z.looseObject({
  type: z.literal('queue_updated'),
  queued: z.array(QueuedMessage),
  /** The queued message that just started as the run's next turn. */
  started: QueuedMessage.optional(),
  ...base,
});
export const ClosedEvent = z.looseObject({
  type: z.literal('closed'),
  streamingId: StreamingId,
  /**
   * How the run ended: `completed` (the CLI finished its turn), `error` (its last result had is_error,
   * e.g. an API error), `stopped` (by a stop call or server shutdown), `crashed` (the CLI died or
   * failed without a result; an `error` event says why).
   */
  reason: z.enum(['completed', 'stopped', 'error', 'crashed']).optional(),
  /** The CLI's exit code (null when it was killed by a signal or never started). */
  exitCode: z.number().nullable().optional(),
  ...base,
});

export const StreamEvent = z.discriminatedUnion('type', [
  ConnectedEvent,
  SystemInitEvent,
  SystemEvent,
  AssistantEvent,
  AssistantDeltaEvent,
  UserEvent,
  ResultEvent,
  ErrorEvent,
  PermissionRequestEvent,
  PermissionResolvedEvent,
  QueueUpdatedEvent,
  ClosedEvent,
]);
export type StreamEvent = z.infer<typeof StreamEvent>;
export type StreamEventType = StreamEvent['type'];

/** `from`: the first seq to send (a reconnecting viewer asks for its last seq + 1). */
export const StreamQuery = z.object({ from: QueryInt.optional() });

export const streamRoutes = {
  stream: defineStreamRoute({
    name: 'streamRun',
    summary: 'The events of one run (NDJSON): replayed from seq 0 or ?from=, then live, ending with closed.',
    method: 'GET',
    path: '/api/stream/:streamingId',
    params: z.object({ streamingId: StreamingId }),
    query: StreamQuery,
    emits: { framing: 'ndjson', schema: StreamEvent },
  }),
};
