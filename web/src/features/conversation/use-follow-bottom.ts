import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useRef } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
const NEAR_BOTTOM_PX = 120;

/**
 * Opens the list at its latest message and keeps following new messages while the reader is at
 * the bottom; a reader who scrolled up is left where they are.
 */
export function useFollowBottom(scrollRef: RefObject<HTMLElement | null>, virtualizer: Virtualizer<HTMLDivElement, Element>, count: number, last: unknown) {
  const atBottom = useRef(true);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef]);
  // `last` changes when the latest message grows (more blocks of the same API message, a tool result).
  useEffect(() => {
    if (count > 0 && atBottom.current) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [count, last, virtualizer]);
}
