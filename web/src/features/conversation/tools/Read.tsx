import { detectLanguage } from '@/lib/language';
import { CodeView } from '../code/CodeView';
import { cleanReadText, countTextLines } from './read-text';
import { ToolSummary } from './ToolSummary';
import { inputString, type ToolPanelProps } from './types';

/** Read: collapsed 'Read N line(s)' revealing the cleaned file text; an empty container until the result arrives. */
export function ReadPanel({ input, result }: ToolPanelProps) {
  if (result.status === 'pending') return <div data-testid="read-pending" />;
  const text = cleanReadText(result.result);
  const count = countTextLines(text);
  return (
    <ToolSummary label={`Read ${count} ${count === 1 ? 'line' : 'lines'}`}>
      <CodeView code={text} language={detectLanguage(inputString(input, 'file_path'))} emptyText="(No content)" />
    </ToolSummary>
  );
}
