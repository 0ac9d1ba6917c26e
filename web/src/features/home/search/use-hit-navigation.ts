import { type RefObject, useEffect, useState } from 'react';

/**
 * Arrow keys in the search field move through the `count` hits, Enter opens the active one (the first when
 * none was chosen). The active hit resets when the hits change.
 */
export function useHitNavigation(inputRef: RefObject<HTMLInputElement | null>, count: number, resetKey: unknown, open: (index: number) => void): number {
  const [active, setActive] = useState(0);
  const [seen, setSeen] = useState(resetKey);
  if (seen !== resetKey) {
    setSeen(resetKey);
    setActive(0);
  }
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onKey = (event: KeyboardEvent) => {
      if (count === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + count) % count);
      } else if (event.key === 'Enter' && !event.isComposing) {
        event.preventDefault();
        open(Math.min(active, count - 1));
      }
    };
    input.addEventListener('keydown', onKey);
    return () => input.removeEventListener('keydown', onKey);
  }, [inputRef, count, active, open]);
  return Math.min(active, Math.max(0, count - 1));
}
