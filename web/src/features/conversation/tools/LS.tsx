import { SearchSummary } from './SearchSummary';
import type { ToolPanelProps } from './types';

/** LS: a collapsed summary of the result, expandable to the raw output. */
export function LSPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return <SearchSummary kind="LS" text={result.result} />;
}
