import { ToolSummary } from '../tools/ToolSummary';

/** A thinking block: collapsed, muted. */
export function ThinkingBlock({ text }: { text: string }) {
  return (
    <div className="text-sm text-neutral-500 italic dark:text-neutral-400">
      <ToolSummary label="Thinking">
        <p className="border-l-2 border-neutral-200 pl-3 whitespace-pre-wrap dark:border-neutral-800">{text}</p>
      </ToolSummary>
    </div>
  );
}
