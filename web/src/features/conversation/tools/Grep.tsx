import { SearchSummary } from './SearchSummary';
import type { ToolPanelProps } from './types';

/** Grep: a collapsed summary of the result, expandable to the raw output. */
export function GrepPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return <SearchSummary kind="Grep" text={result.result} />;
}
