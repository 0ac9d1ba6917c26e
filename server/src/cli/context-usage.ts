import type { ContextUsage } from '@cui/contract';
import type { RunEvent } from './sdk-events';

/**
 * The context window fill of a live run, as the CLI's status line computes it: the input side of the last
 * main-chain response (fresh + cache read + cache creation input tokens) over the context window the result's
 * `modelUsage[model].contextWindow` reports. Subagent responses (`parent_tool_use_id` set) fill their own context.
 */
export interface ContextTracker {
  /** Notes an assistant event's usage; returns a result event with `contextUsage` added when both halves are known. */
  annotate<E extends RunEvent>(event: E): E;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The window of `model`, else of the first model that reports one (a routed run's names may differ). */
function windowOf(modelUsage: unknown, model: string): number {
  const models = record(modelUsage);
  if (!models) return 0;
  const own = count(record(models[model])?.contextWindow);
  if (own > 0) return own;
  for (const entry of Object.values(models)) {
    const size = count(record(entry)?.contextWindow);
    if (size > 0) return size;
  }
  return 0;
}

export function createContextTracker(): ContextTracker {
  let last: { usedTokens: number; model: string } | undefined;
  return {
    annotate(event) {
      if (event.type === 'assistant' && !event.parent_tool_use_id && event.message.model !== '<synthetic>') {
        const usage = record(event.message.usage);
        if (usage) {
          const usedTokens = count(usage.input_tokens) + count(usage.cache_read_input_tokens) + count(usage.cache_creation_input_tokens);
          last = { usedTokens, model: event.message.model ?? '' };
        }
      }
      if (event.type !== 'result' || !last) return event;
      const windowTokens = windowOf(event.modelUsage, last.model);
      if (windowTokens === 0) return event;
      const contextUsage: ContextUsage = { usedTokens: last.usedTokens, windowTokens };
      return { ...event, contextUsage };
    },
  };
}
