import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { ViewMessage } from '@/features/live-run';

/** Older messages are asked for while fewer than this many rows remain above the first one rendered. */
const PREFETCH_ROWS = 40;

export interface OlderMessages {
  /** Cursor of the next older window; null once the first message is held. */
  before: number | null;
  loadOlder: () => void;
}

/**
 * Scrolling up through a session held in windows: asks for the next older window before the reader reaches
 * the top, and when it arrives keeps the rows on screen where they were (the new rows go above them, each
 * first counted at `estimate` px; TanStack corrects the offset as it measures rows above the viewport).
 */
export function useOlderMessages(
  scrollRef: RefObject<HTMLElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  messages: ViewMessage[],
  older: OlderMessages | undefined,
  estimate: number,
): void {
  const firstId = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const previous = firstId.current;
    firstId.current = messages[0]?.id;
    const element = scrollRef.current;
    if (!element || previous === undefined || previous === firstId.current) return;
    const added = messages.findIndex((m) => m.id === previous);
    if (added > 0) virtualizer.scrollToOffset(element.scrollTop + added * estimate);
  }, [messages, scrollRef, virtualizer, estimate]);

  const firstRendered = virtualizer.getVirtualItems()[0]?.index;
  const before = older?.before ?? null;
  const loadOlder = older?.loadOlder;
  // Also after each window arrives (a new cursor): a reader still near the top needs the next one.
  useEffect(() => {
    if (before !== null && loadOlder && firstRendered !== undefined && firstRendered < PREFETCH_ROWS) loadOlder();
  }, [firstRendered, before, loadOlder]);
}
