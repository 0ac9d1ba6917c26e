import { CodeView } from '../code/CodeView';
import { ToolSummary } from './ToolSummary';
import type { ToolPanelProps } from './types';

/** WebSearch: 'Did 1 search', revealing the raw result. */
export function WebSearchPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return (
    <ToolSummary label="Did 1 search">
      <CodeView code={result.result} language="plaintext" emptyText="(No content)" />
    </ToolSummary>
  );
}
