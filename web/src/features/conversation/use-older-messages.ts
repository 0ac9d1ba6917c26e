import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';

/** Older messages are asked for while fewer than this many rows remain above the first one rendered. */
const PREFETCH_ROWS = 40;

export interface OlderMessages {
  /** Cursor of the next older window; null once the first message is held. */
  before: number | null;
  loadOlder: () => void;
}

/**
 * Scrolling up through a session held in windows: asks for the next older window before the reader reaches
 * the top. The rows on screen stay where they were when it arrives: the list's virtualiser anchors the row at the
 * scroll position by its key (`anchorTo: 'end'` in MessageList), in the same render that counts the new rows, so
 * the range rendered and the next prefetch decision already see the corrected position.
 */
export function useOlderMessages(virtualizer: Virtualizer<HTMLDivElement, Element>, older: OlderMessages | undefined): void {
  const firstRendered = virtualizer.getVirtualItems()[0]?.index;
  const before = older?.before ?? null;
  const loadOlder = older?.loadOlder;
  // Also after each window arrives (a new cursor): a reader still near the top needs the next one.
  useEffect(() => {
    if (before !== null && loadOlder && firstRendered !== undefined && firstRendered < PREFETCH_ROWS) loadOlder();
  }, [firstRendered, before, loadOlder]);
}
