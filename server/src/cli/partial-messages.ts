/** One piece of text the model typed, as the CLI's partial messages (`stream_event`) report it. */
export interface PartialText {
  messageId: string;
  index: number;
  kind: 'text' | 'thinking';
  text: string;
  parent_tool_use_id: string | null;
}

/** Turns the CLI's `stream_event` messages into text pieces; it remembers which API message is being streamed. */
export interface PartialMessageMapper {
  /** A text or thinking delta of the current message; undefined for every other stream event (start, stop, tool input). */
  map(message: Record<string, unknown>): PartialText | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An SDK message of the token stream (`stream_event`): for the mapper, never an event of its own. */
export function isPartialMessage(message: unknown): message is Record<string, unknown> {
  return isRecord(message) && message.type === 'stream_event';
}

function deltaText(delta: Record<string, unknown>): Pick<PartialText, 'kind' | 'text'> | undefined {
  if (delta.type === 'text_delta' && typeof delta.text === 'string') return { kind: 'text', text: delta.text };
  if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') return { kind: 'thinking', text: delta.thinking };
  return undefined;
}

/**
 * The SDK's `SDKPartialAssistantMessage` ({type:'stream_event', event, parent_tool_use_id}) carries the raw Messages
 * API stream: `message_start` names the message, then `content_block_delta` events give `text_delta` /
 * `thinking_delta` pieces by block index without repeating the id. The main loop and each subagent stream their own
 * messages (possibly interleaved), so the current message id is kept per `parent_tool_use_id`.
 */
export function createPartialMessageMapper(): PartialMessageMapper {
  const currentMessage = new Map<string, string>();
  return {
    map(message) {
      const event = message.event;
      if (message.type !== 'stream_event' || !isRecord(event)) return undefined;
      const parent = typeof message.parent_tool_use_id === 'string' ? message.parent_tool_use_id : null;
      const key = parent ?? '';
      if (event.type === 'message_start' && isRecord(event.message) && typeof event.message.id === 'string') {
        currentMessage.set(key, event.message.id);
        return undefined;
      }
      if (event.type !== 'content_block_delta' || !isRecord(event.delta) || typeof event.index !== 'number') return undefined;
      const messageId = currentMessage.get(key);
      const piece = deltaText(event.delta);
      if (!messageId || !piece || piece.text === '') return undefined;
      return { messageId, index: event.index, ...piece, parent_tool_use_id: parent };
    },
  };
}
