import type { SessionUsage } from '@cui/contract';
import type { TranscriptLine } from './transcript-line';

/** A session's usage as the transcript tells it (whether its cost is an estimate is not the transcript's to say). */
export type UsageTotals = Omit<SessionUsage, 'costIsEstimate'>;

export const EMPTY_USAGE: UsageTotals = { inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0 };

/**
 * Response ids already counted, newest last. The CLI writes each content block of one API response as its own
 * line, each repeating the response's `message.id` and usage; the blocks are consecutive (or nearly: an older
 * CLI interleaved sidechain lines), so remembering the last few ids is enough to count each response once.
 */
const IDS_KEPT = 8;

function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * Folds one transcript line into the usage: an assistant line's `message.usage` once per `message.id`, and a
 * `cost-state` line's `totalCostUSD` (the CLI's running total for the session: the last one wins). `counted` is
 * updated in place; the returned usage is new when it changed.
 */
export function applyUsageLine(usage: UsageTotals, counted: string[], line: TranscriptLine): UsageTotals {
  if (line.type === 'cost-state') {
    return typeof line.totalCostUSD === 'number' && Number.isFinite(line.totalCostUSD) && line.totalCostUSD >= 0 ? { ...usage, costUsd: line.totalCostUSD } : usage;
  }
  if (line.type !== 'assistant' || !line.message || typeof line.message !== 'object') return usage;
  const message = line.message as { id?: unknown; usage?: unknown };
  if (!message.usage || typeof message.usage !== 'object') return usage;
  if (typeof message.id === 'string') {
    if (counted.includes(message.id)) return usage;
    counted.push(message.id);
    if (counted.length > IDS_KEPT) counted.splice(0, counted.length - IDS_KEPT);
  }
  const u = message.usage as Record<string, unknown>;
  return {
    ...usage,
    inputTokens: usage.inputTokens + tokens(u.input_tokens),
    outputTokens: usage.outputTokens + tokens(u.output_tokens),
    cacheCreationTokens: usage.cacheCreationTokens + tokens(u.cache_creation_input_tokens),
    cacheReadTokens: usage.cacheReadTokens + tokens(u.cache_read_input_tokens),
  };
}
