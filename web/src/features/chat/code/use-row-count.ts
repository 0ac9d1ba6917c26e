import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Counts the rendered rows matching `selector` inside `ref`, kept current while the content
 * re-renders (the diff viewer computes its rows asynchronously).
 */
export function useRowCount(ref: RefObject<HTMLElement | null>, selector: string): number {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => setCount(root.querySelectorAll(selector).length);
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, selector]);
  return count;
}
