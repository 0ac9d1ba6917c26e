import { JsonView } from '../code/JsonView';
import { CodeView } from '../code/CodeView';
import { ToolSummary } from './ToolSummary';
import type { ToolPanelProps } from './types';

/** Any other tool: its input as collapsible JSON, and the result text. */
export function FallbackPanel({ input, result }: ToolPanelProps) {
  return (
    <div className="flex flex-col gap-2">
      <ToolSummary label="Input">
        <JsonView value={input} />
      </ToolSummary>
      {result.status === 'completed' && result.result !== '' && (
        <ToolSummary label="Result">
          <CodeView code={result.result} language="plaintext" />
        </ToolSummary>
      )}
    </div>
  );
}
