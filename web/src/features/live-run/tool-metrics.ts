import type { StreamEvent, ToolMetrics, ToolUseBlock } from '@cui/contract';
import { addToolMetrics, EMPTY_TOOL_METRICS, settleToolChange, toolUseChange } from '@cui/contract/tool-metrics';
import { type ViewMessage, isToolResult, type ToolResultRecord } from './view-message';

/**
 * The web side of the one tool-metrics rule (contract/tool-metrics.ts), which the server's session index applies to
 * list rows: settled Edit/MultiEdit/Write uses of the main chain only (the index reads the main transcript, not the
 * subagents' files), nothing for a pending (not yet approved) or failed one.
 */
export { EMPTY_TOOL_METRICS };

function isToolUse(block: ViewMessage['blocks'][number]): block is ToolUseBlock {
  return block.type === 'tool_use' && typeof (block as { id?: unknown }).id === 'string';
}

/** The metrics of a conversation as the view holds it (history plus live messages, with their tool results). */
export function conversationToolMetrics(messages: ViewMessage[], toolResults: Record<string, ToolResultRecord>): ToolMetrics {
  let metrics = EMPTY_TOOL_METRICS;
  for (const message of messages) {
    if (message.role !== 'assistant' || message.isSidechain || message.parentToolUseId !== null) continue;
    for (const block of message.blocks) {
      if (!isToolUse(block)) continue;
      const change = toolUseChange(block.name, block.input);
      const result = toolResults[block.id];
      if (!change || result?.status !== 'completed') continue;
      metrics = addToolMetrics(metrics, settleToolChange(change, { isError: result.is_error, structured: result.structured }));
    }
  }
  return metrics;
}

/** Metrics folded from stream events alone (list rows): uses wait in `pending` until their result settles them. */
export interface StreamToolTally {
  metrics: ToolMetrics;
  pending: Record<string, ToolMetrics>;
}

export const EMPTY_TALLY: StreamToolTally = { metrics: EMPTY_TOOL_METRICS, pending: {} };

/** Folds one stream event into the tally by the same rule. */
export function tallyToolEvent(tally: StreamToolTally, event: StreamEvent): StreamToolTally {
  if ((event.type !== 'assistant' && event.type !== 'user') || (event.parent_tool_use_id ?? null) !== null) return tally;
  const content = event.message.content;
  if (!Array.isArray(content)) return tally;
  let { metrics } = tally;
  const pending = { ...tally.pending };
  const results = content.filter(isToolResult);
  for (const block of content) {
    if (event.type === 'assistant' && isToolUse(block)) {
      const change = toolUseChange(block.name, block.input);
      if (change) pending[block.id] = change;
    } else if (isToolResult(block) && pending[block.tool_use_id]) {
      const structured = results.length === 1 && event.type === 'user' ? event.tool_use_result : undefined;
      metrics = addToolMetrics(metrics, settleToolChange(pending[block.tool_use_id] as ToolMetrics, { isError: block.is_error === true, structured }));
      delete pending[block.tool_use_id];
    }
  }
  return { metrics, pending };
}
