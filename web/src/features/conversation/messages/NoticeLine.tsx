import type { ContentBlock } from '@cui/contract';

/** A line the console adds about the session (e.g. 'Approved from notification'): small, centred, not a message. */
export function NoticeLine({ blocks }: { blocks: ContentBlock[] }) {
  const text = blocks.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join(' ');
  return (
    <p role="note" className="text-center text-xs text-neutral-500 dark:text-neutral-400">
      {text}
    </p>
  );
}
