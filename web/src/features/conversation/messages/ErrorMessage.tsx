import type { ContentBlock } from '@cui/contract';

/** A stream error event, as a red block in the message list. */
export function ErrorMessage({ blocks }: { blocks: ContentBlock[] }) {
  const text = blocks.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('\n');
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm whitespace-pre-wrap text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
      {text}
    </div>
  );
}
