import type { ContentBlock, ToolUseBlock } from '@cui/contract';
import { type ViewMessage, isToolResult, type ToolResultRecord, toolResultText } from './view-message';

/** The message part of a session's state: every message in arrival order plus the lookups built from them. */
export interface MessageState {
  messages: ViewMessage[];
  /** Message id → index in `messages`. */
  index: Record<string, number>;
  toolResults: Record<string, ToolResultRecord>;
  /** Task/Agent tool_use id → ids of its subagent messages, in order. */
  children: Record<string, string[]>;
}

export const EMPTY_MESSAGES: MessageState = { messages: [], index: {}, toolResults: {}, children: {} };

export interface IncomingMessage {
  message: ViewMessage;
  /** The CLI's structured tool result (`tool_use_result` / `toolUseResult`). */
  structured?: unknown;
}

function isToolUse(block: ContentBlock): block is ToolUseBlock {
  return block.type === 'tool_use' && typeof (block as { id?: unknown }).id === 'string';
}

function hasToolUse(message: ViewMessage, id: string): boolean {
  return message.blocks.some((block) => isToolUse(block) && block.id === id);
}

/** Records tool results (completed) and new tool uses (pending until their result arrives), in place. */
function trackTools(results: Record<string, ToolResultRecord>, blocks: ContentBlock[], structured: unknown): void {
  for (const block of blocks) {
    if (isToolUse(block) && !results[block.id]) {
      results[block.id] = { status: 'pending', result: '', is_error: false };
    } else if (isToolResult(block)) {
      const record: ToolResultRecord = { status: 'completed', result: toolResultText(block), is_error: block.is_error === true };
      if (structured !== undefined) record.structured = structured;
      results[block.tool_use_id] = record;
    }
  }
}

function merge(existing: ViewMessage, incoming: ViewMessage): ViewMessage | undefined {
  const newUuids = incoming.uuids.filter((uuid) => !existing.uuids.includes(uuid));
  if (incoming.uuids.length > 0 && newUuids.length === 0) return undefined;
  const blocks = incoming.blocks.filter((block) => !(isToolUse(block) && hasToolUse(existing, block.id)));
  if (blocks.length === 0 && newUuids.length === 0) return undefined;
  return { ...existing, blocks: [...existing.blocks, ...blocks], uuids: [...existing.uuids, ...newUuids] };
}

/** Applies one message to a draft it owns (mutates it); returns false when nothing changed. */
function applyInto(draft: MessageState, { message, structured }: IncomingMessage): boolean {
  const at = draft.index[message.id];
  const existing = at === undefined ? undefined : draft.messages[at];
  if (existing && at !== undefined) {
    const merged = merge(existing, message);
    if (!merged) return false;
    trackTools(draft.toolResults, message.blocks, structured);
    draft.messages[at] = merged;
    return true;
  }
  trackTools(draft.toolResults, message.blocks, structured);
  if (message.parentToolUseId !== null) {
    draft.children[message.parentToolUseId] = [...(draft.children[message.parentToolUseId] ?? []), message.id];
  }
  draft.index[message.id] = draft.messages.length;
  draft.messages.push(message);
  return true;
}

function copy(state: MessageState): MessageState {
  return {
    messages: state.messages.slice(),
    index: { ...state.index },
    toolResults: { ...state.toolResults },
    children: { ...state.children },
  };
}

/**
 * Applies one message: merged into an existing message with the same id (same API message),
 * ignored when its uuid was applied already (replay after reconnect, or history then stream).
 */
export function applyMessage(state: MessageState, incoming: IncomingMessage): MessageState {
  const draft = copy(state);
  return applyInto(draft, incoming) ? draft : state;
}

/** Applies many messages at once (a loaded history) with one copy of the lookups. */
export function applyMessages(state: MessageState, incoming: IncomingMessage[]): MessageState {
  const draft = copy(state);
  let changed = false;
  for (const item of incoming) changed = applyInto(draft, item) || changed;
  return changed ? draft : state;
}
