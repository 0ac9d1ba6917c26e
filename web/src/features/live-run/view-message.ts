import type { ContentBlock, ConversationMessage, MessageOrigin, ToolResultBlock } from '@cui/contract';

/**
 * One message as the conversation view shows it, made from the contract's `ConversationMessage` (the transcript) and
 * the run stream's `assistant`/`user` events. Assistant events that share a `message.id` (the CLI sends one event per
 * content block) are merged into one ViewMessage.
 */
export interface ViewMessage {
  /** message.id for assistant messages, else the event/transcript uuid. */
  id: string;
  /** `notice`: a line the console adds about the session itself, e.g. 'Approved from notification'. */
  role: 'user' | 'assistant' | 'system' | 'error' | 'notice';
  blocks: ContentBlock[];
  timestamp?: string;
  /** The Task/Agent tool_use this message belongs to (subagent messages), else null. */
  parentToolUseId: string | null;
  isSidechain: boolean;
  /** uuids of the events merged in, so a replayed event is applied once. */
  uuids: string[];
  /** For a user turn the CLI injected (not the user's words): its origin kind, e.g. 'task-notification'. */
  injected?: string;
  /** A `system` message that is a local slash command's output (`/cost`, `/context`, …): shown as system output. */
  commandOutput?: true;
}

const COMMAND_OUTPUT = /<local-command-(stdout|stderr)>([\s\S]*?)<\/local-command-\1>/g;

/**
 * The text of a local slash command's output: a `system` line of subtype `local_command` whose content is wrapped
 * in <local-command-stdout> (or stderr), live and in transcripts. Undefined for anything else (the command's own
 * echo, other system lines).
 */
export function commandOutputText(subtype: unknown, content: unknown): string | undefined {
  if (subtype !== 'local_command' || typeof content !== 'string') return undefined;
  const parts = [...content.matchAll(COMMAND_OUTPUT)].map((match) => match[2] ?? '');
  const text = parts.join('\n').trim();
  return parts.length > 0 && text !== '' ? text : undefined;
}

/** Spec §3 'Tool result record' plus the CLI's structured result (Edit's structuredPatch, Read's file…). */
export interface ToolResultRecord {
  status: 'pending' | 'completed';
  result: string;
  is_error: boolean;
  structured?: unknown;
}

/** Normalises string content into a text block list. */
export function toBlocks(content: string | ContentBlock[]): ContentBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

export function isToolResult(block: ContentBlock): block is ToolResultBlock {
  return block.type === 'tool_result' && typeof (block as { tool_use_id?: unknown }).tool_use_id === 'string';
}

/** The text of a tool_result's content (string, or the text parts of an array). */
export function toolResultText(block: ToolResultBlock): string {
  const content = block.content;
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

const NOTIFICATION_PREFIX = '<task-notification>';
/** The CLI's first line of the summary it continues a compacted conversation with. */
const COMPACT_SUMMARY_PREFIX = 'This session is being continued from a previous conversation';
/** '[Request interrupted by user]', '[Request interrupted by user for tool use]': the CLI's marker, not the user's words. */
const INTERRUPTION_MARKER = /^\[Request interrupted by user[^\]]*\]$/;

function onlyText(blocks: ContentBlock[]): string | undefined {
  if (blocks.length === 0 || !blocks.every((block) => block.type === 'text' && typeof block.text === 'string')) return undefined;
  return blocks.map((block) => block.text as string).join('\n').trim();
}

/**
 * A user or system line the CLI wrote about the session rather than a message (issue 26.7): an interruption marker,
 * a compact boundary. It shows as a notice line with the CLI's words, live and from history; undefined otherwise.
 */
export function systemMarkerText(role: ViewMessage['role'], subtype: unknown, blocks: ContentBlock[]): string | undefined {
  const text = onlyText(blocks);
  if (role === 'user') return text !== undefined && INTERRUPTION_MARKER.test(text) ? text : undefined;
  if (role === 'system' && subtype === 'compact_boundary') return text || 'Conversation compacted';
  return undefined;
}

/**
 * The origin kind of a user turn the CLI injected, or undefined for the user's own words. The CLI marks such turns
 * with `origin` (any kind but 'human'); a bare `<task-notification>` text is recognised too, should an older CLI
 * have written one without the mark.
 */
export function injectedKind(role: ViewMessage['role'], origin: MessageOrigin | undefined, blocks: ContentBlock[]): string | undefined {
  if (role !== 'user') return undefined;
  if (origin && origin.kind !== 'human') return origin.kind;
  const first = blocks[0];
  const text = first?.type === 'text' && typeof first.text === 'string' ? first.text.trimStart() : '';
  if (text.startsWith(NOTIFICATION_PREFIX)) return 'task-notification';
  return text.startsWith(COMPACT_SUMMARY_PREFIX) ? 'compact-summary' : undefined;
}

/** A transcript message (GET /api/conversations/:id) as a ViewMessage. */
export function fromConversationMessage(message: ConversationMessage): ViewMessage {
  const isAssistant = message.type === 'assistant';
  const blocks = toBlocks(message.message.content);
  const injected = injectedKind(message.type, message.origin, blocks);
  const subtype = (message.message as { subtype?: unknown }).subtype;
  const output = message.type === 'system' ? commandOutputText(subtype, message.message.content) : undefined;
  const marker = systemMarkerText(message.type, subtype, blocks);
  if (marker !== undefined) return { id: message.uuid, role: 'notice', blocks: [{ type: 'text', text: marker }], timestamp: message.timestamp, parentToolUseId: null, isSidechain: false, uuids: [message.uuid] };
  return {
    id: isAssistant && message.message.id ? message.message.id : message.uuid,
    role: message.type,
    blocks: output === undefined ? blocks : [{ type: 'text', text: output }],
    timestamp: message.timestamp,
    parentToolUseId: message.parentToolUseId ?? null,
    isSidechain: message.isSidechain,
    uuids: [message.uuid],
    ...(injected ? { injected } : {}),
    ...(output === undefined ? {} : { commandOutput: true as const }),
  };
}
