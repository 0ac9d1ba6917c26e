import type { StreamEvent } from '@cui/contract';
import type { PartialText } from '../../cli/partial-messages';

type AssistantDelta = Extract<StreamEvent, { type: 'assistant_delta' }>;
type AssistantEvent = Extract<StreamEvent, { type: 'assistant' }>;

interface Block {
  kind: PartialText['kind'];
  text: string;
  parent: string | null;
}

/**
 * The text typed so far of each assistant message still being streamed, per content block: what a viewer that
 * joins mid-message must see first. Bounded by the messages in flight (a block is forgotten once its complete
 * `assistant` event arrives, everything at the run's end), never by the number of tokens.
 */
export interface PartialTextStore {
  /** Adds a piece; returns the wire event for the live viewers (its offset is where the piece starts). */
  add(piece: PartialText, timestamp: string): AssistantDelta;
  /**
   * A complete assistant event arrived: the CLI sends one per content block, in block order, so it completes the
   * first block of its kind still open in that message.
   */
  complete(event: AssistantEvent): void;
  /** The text so far of every open block, each whole (offset 0), oldest first. */
  snapshots(timestamp: string): AssistantDelta[];
  clear(): void;
}

const key = (messageId: string, index: number): string => `${messageId}\u0000${index}`;

function toDelta(messageId: string, index: number, block: Block, offset: number, text: string, timestamp: string): AssistantDelta {
  return { type: 'assistant_delta', messageId, index, kind: block.kind, offset, text, parent_tool_use_id: block.parent, timestamp };
}

function completedKinds(event: AssistantEvent): PartialText['kind'][] {
  const content = event.message.content;
  if (!Array.isArray(content)) return ['text'];
  return content.flatMap((block) => (block.type === 'text' ? ['text' as const] : block.type === 'thinking' ? ['thinking' as const] : []));
}

export function createPartialTextStore(): PartialTextStore {
  // Insertion order is stream order, which snapshots keep.
  const blocks = new Map<string, { messageId: string; index: number; block: Block }>();
  return {
    add(piece, timestamp) {
      const id = key(piece.messageId, piece.index);
      const entry = blocks.get(id) ?? { messageId: piece.messageId, index: piece.index, block: { kind: piece.kind, text: '', parent: piece.parent_tool_use_id } };
      const offset = entry.block.text.length;
      entry.block.text += piece.text;
      blocks.set(id, entry);
      return toDelta(piece.messageId, piece.index, entry.block, offset, piece.text, timestamp);
    },
    complete(event) {
      const messageId = event.message.id;
      if (!messageId) return;
      for (const kind of completedKinds(event)) {
        const open = [...blocks.entries()].filter(([, entry]) => entry.messageId === messageId && entry.block.kind === kind).sort(([, a], [, b]) => a.index - b.index)[0];
        if (open) blocks.delete(open[0]);
      }
    },
    snapshots: (timestamp) => [...blocks.values()].map(({ messageId, index, block }) => toDelta(messageId, index, block, 0, block.text, timestamp)),
    clear: () => blocks.clear(),
  };
}
