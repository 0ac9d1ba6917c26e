import type { ContentBlock } from '@cui/contract';

/** What the CLI answered a local slash command (`/cost`, `/context`, …): system output, not the model's words. */
export function CommandOutput({ blocks }: { blocks: ContentBlock[] }) {
  const text = blocks.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('\n');
  return (
    <figure className="rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 dark:border-neutral-800 dark:bg-neutral-900/60">
      <figcaption className="mb-1 text-xs text-neutral-500 dark:text-neutral-400">Claude Code</figcaption>
      <pre aria-label="Command output" className="overflow-x-auto font-mono text-xs whitespace-pre-wrap text-neutral-800 dark:text-neutral-200">
        {text}
      </pre>
    </figure>
  );
}
