import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@/features/live-run';

/**
 * Brings the message `targetId` (a search hit) to the middle of the list once it is loaded; runs after the
 * list's own opening at the end (useFollowBottom), so it wins, and only once, so the reader can scroll away.
 */
export function useScrollToTarget(virtualizer: Virtualizer<HTMLDivElement, Element>, messages: ChatMessage[], targetId: string | undefined): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !targetId) return;
    const index = messages.findIndex((m) => m.id === targetId);
    if (index < 0) return;
    done.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [virtualizer, messages, targetId]);
}
