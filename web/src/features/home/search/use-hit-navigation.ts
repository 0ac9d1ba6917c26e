import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Arrow keys in the search field move through the `count` hits, Enter opens the active one (the first when
 * none was chosen). The active hit resets when the hits change.
 *
 * The field's key listener is attached once, in the commit that mounts the results (a layout effect), and reads the
 * latest hits through a ref: with a passive effect, a key pressed between the hits appearing and React running its
 * effects (a later task; longer on a loaded machine) was lost, and re-subscribing on every move opened that gap again.
 */
export function useHitNavigation(inputRef: RefObject<HTMLInputElement | null>, count: number, resetKey: unknown, open: (index: number) => void): number {
  const [active, setActive] = useState(0);
  const [seen, setSeen] = useState(resetKey);
  if (seen !== resetKey) {
    setSeen(resetKey);
    setActive(0);
  }
  const current = Math.min(active, Math.max(0, count - 1));
  const latest = useRef({ count, current, open });
  useLayoutEffect(() => {
    latest.current = { count, current, open };
  });
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onKey = (event: KeyboardEvent) => {
      const { count: hits, current: chosen, open: openHit } = latest.current;
      if (hits === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((was) => (Math.min(was, hits - 1) + step + hits) % hits);
      } else if (event.key === 'Enter' && !event.isComposing) {
        event.preventDefault();
        openHit(chosen);
      }
    };
    input.addEventListener('keydown', onKey);
    return () => input.removeEventListener('keydown', onKey);
  }, [inputRef]);
  return current;
}
