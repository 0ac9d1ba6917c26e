import { SearchSummary } from './SearchSummary';
import type { ToolPanelProps } from './types';

/** Glob: a collapsed summary of the result, expandable to the raw output. */
export function GlobPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return <SearchSummary kind="Glob" text={result.result} />;
}
