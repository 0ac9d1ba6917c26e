import { CodeView } from '../code/CodeView';
import { ToolSummary } from './ToolSummary';

/** Spec §2: a failed tool shows 'Error: {first line}', expandable to the full text. */
export function ToolError({ text }: { text: string }) {
  const message = text.trim() === '' ? 'Tool execution failed' : text.trim();
  const firstLine = message.split('\n')[0] ?? message;
  return (
    <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300" role="group" aria-label="Tool error">
      <ToolSummary label={<span className="text-red-800 dark:text-red-300">Error: {firstLine}</span>}>
        <CodeView code={message} language="plaintext" />
      </ToolSummary>
    </div>
  );
}
