import type { ToolMetrics } from '@cui/contract';
import { useState } from 'react';
import { EMPTY_TOOL_METRICS } from '@/features/live-run';
import type { HistoryTotals } from '../use-conversation-loader';

function combine(a: ToolMetrics, b: ToolMetrics, sign: 1 | -1): ToolMetrics {
  const field = (key: keyof ToolMetrics) => Math.max(0, a[key] + sign * b[key]);
  return { editCount: field('editCount'), writeCount: field('writeCount'), linesAdded: field('linesAdded'), linesRemoved: field('linesRemoved') };
}

/** What the messages not held add to the session's totals, as measured right after a history read. */
function hiddenPart(history: HistoryTotals | null, counted: ToolMetrics): ToolMetrics {
  if (!history?.toolMetrics || history.complete) return EMPTY_TOOL_METRICS;
  return combine(history.toolMetrics, counted, -1);
}

/**
 * The header's +added/−removed for the whole session, whatever part of it is loaded (issue 29.6): the messages held
 * are counted as they change (live edits included), and the older windows not loaded yet add what the session's
 * totals (the index's, as in the list) say beyond the held part at the last history read.
 *
 * `counted` must already reflect `history` in the render where `history` changes (the loader dispatches the
 * messages and sets the totals together).
 */
export function useSessionMetrics(counted: ToolMetrics, history: HistoryTotals | null): ToolMetrics {
  const [base, setBase] = useState(() => ({ history, hidden: hiddenPart(history, counted) }));
  let { hidden } = base;
  if (base.history !== history) {
    hidden = hiddenPart(history, counted);
    setBase({ history, hidden });
  }
  return combine(counted, hidden, 1);
}
