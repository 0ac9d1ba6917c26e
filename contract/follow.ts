import { z } from 'zod';
import { QueryInt } from './common';
import { ConversationMessage } from './messages';
import { defineStreamRoute } from './route';
import { SessionParams } from './sessions';

/**
 * Following a session (issue 18 point 4): GET /api/conversations/:sessionId/follow tails the session's transcript
 * and sends each message the CLI adds, whoever runs it (a CLI in a terminal, outside this console). NDJSON: one
 * event per line, lines starting with ':' are heartbeats (every 15 s). The response never ends by itself; the
 * viewer closes it. `offset` is a byte cursor in the session's transcript: reconnect with `?from=<offset>` to
 * lose nothing. Without `from`, it starts at the transcript's current end.
 */
export const FollowQuery = z.object({ from: QueryInt.optional() });
export type FollowQuery = z.infer<typeof FollowQuery>;

/** First event: where the stream starts, and whether a CLI outside the console is writing the session now. */
export const FollowConnectedEvent = z.object({
  type: z.literal('connected'),
  sessionId: z.string(),
  offset: z.number().int().nonnegative(),
  activeInTerminal: z.boolean(),
});
/** Messages the transcript gained (in the details route's shape, file order); `offset` is the cursor after them. */
export const FollowMessagesEvent = z.object({
  type: z.literal('messages'),
  messages: z.array(ConversationMessage),
  offset: z.number().int().nonnegative(),
});
/**
 * The session started or stopped being written by a CLI outside the console. Once it is not, the console may
 * continue it (a resume, which forks it); while it is, nothing may be sent into it.
 */
export const FollowActivityEvent = z.object({ type: z.literal('activity'), activeInTerminal: z.boolean() });

export const FollowEvent = z.discriminatedUnion('type', [FollowConnectedEvent, FollowMessagesEvent, FollowActivityEvent]);
export type FollowEvent = z.infer<typeof FollowEvent>;

export const followRoutes = {
  follow: defineStreamRoute({
    name: 'followConversation',
    summary: "Tails a conversation's transcript (NDJSON): new messages as the CLI writes them, and whether a terminal CLI is writing it.",
    method: 'GET',
    path: '/api/conversations/:sessionId/follow',
    params: SessionParams,
    query: FollowQuery,
    emits: { framing: 'ndjson', schema: FollowEvent },
  }),
};
