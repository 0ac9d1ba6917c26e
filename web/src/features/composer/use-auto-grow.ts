import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Spec §9: the composer grows to at most 80% of the window height. */
export const MAX_HEIGHT_FRACTION = 0.8;

function fit(el: HTMLTextAreaElement): void {
  const max = Math.floor(window.innerHeight * MAX_HEIGHT_FRACTION);
  el.style.height = 'auto';
  const wanted = el.scrollHeight;
  el.style.height = `${Math.min(wanted, max)}px`;
  el.style.overflowY = wanted > max ? 'auto' : 'hidden';
}

/** Sizes a textarea to its content, capped at 80% of the window height; refits on text change and window resize. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    if (ref.current) fit(ref.current);
  }, [ref, text]);

  useEffect(() => {
    const onResize = () => ref.current && fit(ref.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [ref]);
}
