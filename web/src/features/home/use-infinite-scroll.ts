import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §2/§9: load more when the end marker comes within 100px (threshold 0.1). */
export const SCROLL_MARGIN = '100px';
export const SCROLL_THRESHOLD = 0.1;

function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * Returns a ref callback for the list's end marker. `onReach` runs whenever the marker is within the
 * margin of its scroll container. The observer is rebuilt when `resetKey` changes, so a marker that is
 * still in view after a page loaded triggers the next page too.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean, resetKey: unknown): (el: HTMLElement | null) => void {
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    if (!marker || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: scrollParent(marker), rootMargin: SCROLL_MARGIN, threshold: SCROLL_THRESHOLD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, enabled, resetKey]);

  return useCallback((el: HTMLElement | null) => setMarker(el), []);
}
