import { Markdown } from '../code/Markdown';
import { LinkChip } from './LinkChip';
import { ToolSummary } from './ToolSummary';
import { inputString, type ToolPanelProps } from './types';

/** WebFetch: 'Received content from URL' with a link chip, revealing the content. */
export function WebFetchPanel({ input, result }: ToolPanelProps) {
  const url = inputString(input, 'url');
  const chip = url ? <LinkChip url={url} /> : undefined;
  if (result.status === 'pending') return chip ?? null;
  return (
    <ToolSummary label="Received content from URL" aside={chip}>
      <Markdown text={result.result} />
    </ToolSummary>
  );
}
