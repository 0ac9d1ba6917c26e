import type { SessionUsage } from '@cui/contract';
import type { UsageTotals } from '../../cli/transcript/usage';

/** The usage columns of a session_index row (migration 008), and whether a routed run priced it. */
export interface UsageRow {
  input_tokens: number;
  output_tokens: number;
  cache_creation_tokens: number;
  cache_read_tokens: number;
  cost_usd: number | null;
  cost_estimate: number;
}

/** The select list for UsageRow, over session_index aliased `s`. */
export const USAGE_COLUMNS = `s.input_tokens, s.output_tokens, s.cache_creation_tokens, s.cache_read_tokens, s.cost_usd,
  EXISTS (SELECT 1 FROM routed_sessions r WHERE r.session_id = s.session_id) AS cost_estimate`;

/** The values written for an aggregate's usage. */
export function usageColumns(usage: UsageTotals): Omit<UsageRow, 'cost_estimate'> {
  return {
    input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, cache_creation_tokens: usage.cacheCreationTokens,
    cache_read_tokens: usage.cacheReadTokens, cost_usd: usage.costUsd ?? null,
  };
}

/** The wire's usage from a row: a cost only where the CLI wrote one, marked an estimate for routed sessions. */
export function usageOf(row: UsageRow): SessionUsage {
  const usage: SessionUsage = { inputTokens: row.input_tokens, outputTokens: row.output_tokens, cacheCreationTokens: row.cache_creation_tokens, cacheReadTokens: row.cache_read_tokens };
  if (row.cost_usd !== null) usage.costUsd = row.cost_usd;
  if (row.cost_estimate === 1 && row.cost_usd !== null) usage.costIsEstimate = true;
  return usage;
}
