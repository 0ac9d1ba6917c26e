import type { ContentBlock, StreamEvent } from '@cui/contract';
import type { ViewMessage } from './view-message';

type AssistantDelta = Extract<StreamEvent, { type: 'assistant_delta' }>;
type AssistantEvent = Extract<StreamEvent, { type: 'assistant' }>;

/** A block of an assistant message still being typed. */
export interface PartialBlock {
  index: number;
  kind: AssistantDelta['kind'];
  text: string;
}

/** The typed-so-far blocks of one assistant message (by its API message id), in block order. */
export interface PartialMessage {
  id: string;
  parentToolUseId: string | null;
  blocks: PartialBlock[];
}

/** Message id → its provisional blocks, in the order the messages started. */
export type Partials = Record<string, PartialMessage>;

export const NO_PARTIALS: Partials = {};

/** Applies a piece: the block's text becomes `so far.slice(0, offset) + text` (a whole snapshot has offset 0). */
export function applyDelta(partials: Partials, delta: AssistantDelta): Partials {
  const current = partials[delta.messageId] ?? { id: delta.messageId, parentToolUseId: delta.parent_tool_use_id ?? null, blocks: [] };
  const existing = current.blocks.find((block) => block.index === delta.index);
  // A piece past the end means pieces were missed (cannot happen on one connection): wait for the next snapshot.
  if (delta.offset > (existing?.text.length ?? 0)) return partials;
  const block: PartialBlock = { index: delta.index, kind: delta.kind, text: (existing?.text ?? '').slice(0, delta.offset) + delta.text };
  const blocks = [...current.blocks.filter((b) => b.index !== delta.index), block].sort((a, b) => a.index - b.index);
  return { ...partials, [delta.messageId]: { ...current, blocks } };
}

/**
 * The complete assistant event of a block arrived (the CLI sends one per content block, in block order): it
 * replaces the first provisional block of its kind in that message.
 */
export function completePartial(partials: Partials, event: AssistantEvent): Partials {
  const id = event.message.id;
  const current = id ? partials[id] : undefined;
  if (!id || !current) return partials;
  const content = event.message.content;
  let blocks = current.blocks;
  for (const block of Array.isArray(content) ? content : [{ type: 'text' }]) {
    if (block.type !== 'text' && block.type !== 'thinking') continue;
    const first = blocks.find((b) => b.kind === block.type);
    if (first) blocks = blocks.filter((b) => b !== first);
  }
  if (blocks === current.blocks) return partials;
  const { [id]: _done, ...rest } = partials;
  return blocks.length > 0 ? { ...rest, [id]: { ...current, blocks } } : rest;
}

function toContentBlock(block: PartialBlock): ContentBlock {
  return block.kind === 'thinking' ? { type: 'thinking', thinking: block.text } : { type: 'text', text: block.text };
}

/**
 * The messages with the provisional blocks shown: after the complete blocks of their message (so a completed block
 * takes the provisional one's place, with the same position and key: no flicker), or as a new message at the end.
 */
export function withPartials(messages: ViewMessage[], index: Record<string, number>, partials: Partials): ViewMessage[] {
  const open = Object.values(partials);
  if (open.length === 0) return messages;
  const result = messages.slice();
  for (const partial of open) {
    const blocks = partial.blocks.map(toContentBlock);
    const at = index[partial.id];
    const existing = at === undefined ? undefined : result[at];
    if (existing && at !== undefined) result[at] = { ...existing, blocks: [...existing.blocks, ...blocks] };
    else result.push({ id: partial.id, role: 'assistant', blocks, parentToolUseId: partial.parentToolUseId, isSidechain: partial.parentToolUseId !== null, uuids: [] });
  }
  return result;
}
