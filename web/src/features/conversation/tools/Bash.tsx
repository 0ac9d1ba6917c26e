import { CodeView } from '../code/CodeView';
import { inputString, type ToolPanelProps } from './types';

/** Bash: the command, then its output once it ran. */
export function BashPanel({ input, result }: ToolPanelProps) {
  const command = inputString(input, 'command') ?? '';
  return (
    <div className="flex flex-col gap-2">
      <CodeView code={`$ ${command}`} language="bash" />
      {result.status === 'completed' && <CodeView code={result.result} language="plaintext" emptyText="(No output)" />}
    </div>
  );
}
