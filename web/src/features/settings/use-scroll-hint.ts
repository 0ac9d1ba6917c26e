import { useEffect, useState } from 'react';

/**
 * Whether a scrolling element has more below what shows: followed on scroll, on resize and as its content changes
 * (a tab's sections load their data after opening). `attach` is the scrolling element's ref callback.
 */
export function useScrollHint(): { attach: (element: HTMLElement | null) => void; more: boolean; toTop(): void } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!element) return;
    const update = () => setMore(element.scrollTop + element.clientHeight < element.scrollHeight - 2);
    const resize = new ResizeObserver(update);
    resize.observe(element);
    const mutation = new MutationObserver(update);
    mutation.observe(element, { childList: true, subtree: true, characterData: true });
    element.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      resize.disconnect();
      mutation.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [element]);
  // scrollTo is optional: jsdom's elements have none.
  const toTop = () => element?.scrollTo?.({ top: 0 });
  return { attach: setElement, more: element !== null && more, toTop };
}
