import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ViewMessage } from '@/features/live-run';
import { cn } from '@/lib/cn';
import { MessageItem } from './messages/MessageItem';
import { useFollowBottom } from './use-follow-bottom';
import { type OlderMessages, useOlderMessages } from './use-older-messages';
import { useScrollToTarget } from './use-scroll-to-target';

/** First guess of a message's height before it is measured. */
const ESTIMATED_HEIGHT_PX = 96;

/**
 * The virtualised message list: only the messages near the viewport are rendered, each measured
 * once it is (dynamic heights), so a 5,000-message conversation opens and scrolls smoothly. With `older`,
 * the history is held in windows and older ones are fetched as the reader scrolls up. `targetId` (a search hit) is
 * scrolled to once loaded and stays highlighted.
 */
export function MessageList({ messages, older, targetId }: { messages: ViewMessage[]; older?: OlderMessages; targetId?: string | undefined }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- used as TanStack documents it; this component re-renders on its updates.
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_HEIGHT_PX,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 4,
    // Open at the end (the latest messages): the first render is already the one shown.
    initialOffset: () => messages.length * ESTIMATED_HEIGHT_PX,
    // Before the first measurement (and in test DOMs without layout) assume a window-sized viewport.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    // Rows added above (an older window, a reload holding more) keep the row at the scroll position in place.
    anchorTo: 'end',
  });
  useFollowBottom(scrollRef, virtualizer, messages.length, messages[messages.length - 1]);
  useOlderMessages(virtualizer, older);
  useScrollToTarget(scrollRef, virtualizer, messages, targetId);
  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
      {messages.length === 0 && (
        <p className="p-6 text-center text-sm text-neutral-500 dark:text-neutral-400">No messages yet. Start by typing a message below.</p>
      )}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          if (!message) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div
                className={cn('mx-auto w-full max-w-3xl px-4 py-3', message.id === targetId && 'rounded-lg bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/40')}
                data-message-id={message.id}
                data-search-target={message.id === targetId ? '' : undefined}
              >
                <MessageItem message={message} />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
