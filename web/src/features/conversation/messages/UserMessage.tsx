import type { ContentBlock } from '@cui/contract';
import { lazy, Suspense, useState } from 'react';
import { PREVIEW_LINES } from '../code/constants';

// Loaded with the first message that has images: the page's first paint stays as it was (bench/page-weight.ts).
const UserImages = lazy(() => import('./UserImages').then((m) => ({ default: m.UserImages })));

function textOf(blocks: ContentBlock[]): string {
  return blocks
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .filter(Boolean)
    .join('\n');
}

/** A user prompt bubble (its images above the text); over 8 lines it collapses with '... +N lines'. */
export function UserMessage({ blocks }: { blocks: ContentBlock[] }) {
  const [expanded, setExpanded] = useState(false);
  const text = textOf(blocks);
  const hasImages = blocks.some((block) => block.type === 'image');
  if (text.trim() === '' && !hasImages) return null;
  const lines = text.split('\n');
  const collapsed = lines.length > PREVIEW_LINES && !expanded;
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] rounded-2xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-6 whitespace-pre-wrap break-words dark:bg-neutral-800" data-role="user">
        {hasImages && (
          <Suspense fallback={null}>
            <UserImages blocks={blocks} />
          </Suspense>
        )}
        {collapsed ? lines.slice(0, PREVIEW_LINES).join('\n') : text}
        {lines.length > PREVIEW_LINES && (
          <button type="button" onClick={() => setExpanded((v) => !v)} className="mt-1 block text-sm text-neutral-500 hover:text-neutral-800 dark:hover:text-neutral-200">
            {collapsed ? `... +${lines.length - PREVIEW_LINES} lines` : 'Show less'}
          </button>
        )}
      </div>
    </div>
  );
}
