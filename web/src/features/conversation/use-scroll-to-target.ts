import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { ViewMessage } from '@/features/live-run';

/** Frames the target must stay in view before the list lets go of it; the most frames spent trying. */
const STABLE_FRAMES = 3;
const MAX_FRAMES = 240;

function inView(row: Element, list: HTMLElement): boolean {
  const [box, view] = [row.getBoundingClientRect(), list.getBoundingClientRect()];
  return box.top >= view.top && box.bottom <= view.bottom;
}

/**
 * Brings the message `targetId` (a search hit) into view once it is loaded, after the list's own opening at the
 * end (useFollowBottom). The virtualiser's jump lands by estimated row heights; rows measured on the way move the
 * target, so it is brought back with the real layout on each frame until it stays put. The reader's own scrolling
 * (wheel, touch, keys) ends this at once.
 */
export function useScrollToTarget(scrollRef: RefObject<HTMLElement | null>, virtualizer: Virtualizer<HTMLDivElement, Element>, messages: ViewMessage[], targetId: string | undefined): void {
  const done = useRef(false);
  const latest = useRef(messages);
  // Before the next frame's settle step reads it: an older window put above moves the target's index.
  useLayoutEffect(() => {
    latest.current = messages;
  });
  const loaded = targetId !== undefined && messages.some((m) => m.id === targetId);
  // Runs once the target is loaded; later changes of the list (older windows, live messages) do not restart it.
  useEffect(() => {
    const list = scrollRef.current;
    if (done.current || !loaded || !list) return;
    done.current = true;
    const indexOf = () => latest.current.findIndex((m) => m.id === targetId);
    virtualizer.scrollToIndex(indexOf(), { align: 'center' });
    let frame = 0;
    let stable = 0;
    let handle = 0;
    const settle = () => {
      const row = list.querySelector('[data-search-target]');
      if (row && inView(row, list)) stable++;
      else {
        stable = 0;
        if (row) row.scrollIntoView({ block: 'center' });
        else virtualizer.scrollToIndex(indexOf(), { align: 'center' });
      }
      if (stable < STABLE_FRAMES && ++frame < MAX_FRAMES) handle = requestAnimationFrame(settle);
    };
    handle = requestAnimationFrame(settle);
    const stop = () => cancelAnimationFrame(handle);
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) list.addEventListener(name, stop, { passive: true });
    return () => {
      stop();
      for (const name of events) list.removeEventListener(name, stop);
    };
  }, [scrollRef, virtualizer, loaded, targetId]);
}
