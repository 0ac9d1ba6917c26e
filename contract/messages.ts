import { z } from 'zod';

/**
 * Content blocks and messages as the CLI writes them (transcripts) and streams them (stream-json).
 * Objects are loose: the CLI adds fields between versions and the UI must not break on them.
 */
export const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
export const ThinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string() });
export const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
export const ToolResultContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });
export const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(ToolResultContentPart)]).optional(),
  is_error: z.boolean().optional(),
});
/** Any block type this version does not know (image, redacted_thinking, …). */
export const OtherBlock = z.looseObject({ type: z.string() });

export const ContentBlock = z.union([TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock, OtherBlock]);
export type TextBlock = z.infer<typeof TextBlock>;
export type ThinkingBlock = z.infer<typeof ThinkingBlock>;
export type ToolUseBlock = z.infer<typeof ToolUseBlock>;
export type ToolResultBlock = z.infer<typeof ToolResultBlock>;
export type ContentBlock = z.infer<typeof ContentBlock>;

/** An Anthropic API message (assistant) or message param (user). */
export const ApiMessage = z.looseObject({
  id: z.string().optional(),
  role: z.enum(['user', 'assistant']).optional(),
  model: z.string().optional(),
  content: z.union([z.string(), z.array(ContentBlock)]),
});
export type ApiMessage = z.infer<typeof ApiMessage>;

/**
 * Who a user turn came from, as the CLI marks it (`origin`): absent or `human` for the user's own words;
 * `task-notification` (a background task or subagent reporting back), `peer`, `channel`, … for turns the CLI
 * injected itself. Those are not the user speaking and are not shown as the user's bubbles.
 */
export const MessageOrigin = z.looseObject({ kind: z.string() });
export type MessageOrigin = z.infer<typeof MessageOrigin>;

/**
 * One message of a conversation's details (GET /api/conversations/:id). Loose: the server passes the CLI's
 * transcript line through as it is, so the CLI's other fields (version, gitBranch, userType, …) come along.
 */
export const ConversationMessage = z.looseObject({
  uuid: z.string(),
  type: z.enum(['user', 'assistant', 'system']),
  message: ApiMessage,
  timestamp: z.string(),
  cwd: z.string().optional(),
  isSidechain: z.boolean(),
  parentUuid: z.string().nullable(),
  sessionId: z.string().optional(),
  /** For tool results: the CLI's structured result (Edit's structuredPatch, Read's file, …). */
  toolUseResult: z.unknown().optional(),
  /** For sidechain (subagent) messages: the Task tool_use id they belong to, when known. */
  parentToolUseId: z.string().nullable().optional(),
  /** For user turns the CLI injected (task notifications, …): where they came from. */
  origin: MessageOrigin.optional().catch(undefined),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const TodoItem = z.looseObject({
  id: z.string().optional(),
  content: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().optional(),
});
export type TodoItem = z.infer<typeof TodoItem>;
