import type { Migration } from './index';

/**
 * Tool metrics follow one rule now (contract/tool-metrics.ts: settled uses only, MultiEdit one edit per item), and
 * the pending uses kept in `parse_state` changed shape. Rows indexed under the old rule are dropped so the next sweep
 * re-reads every transcript from the start; the session_index triggers copy the session_info flags back on insert.
 */
export const m006ReindexToolMetrics: Migration = {
  version: 6,
  name: 'reindex-tool-metrics',
  sql: `DELETE FROM session_index;`,
};
