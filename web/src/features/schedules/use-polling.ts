import { useEffect } from 'react';

/** Calls `tick` every `ms` while the page is visible (the list's next times and last firings move by themselves). */
export function usePolling(tick: () => void, ms: number): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') tick();
    }, ms);
    return () => window.clearInterval(timer);
  }, [tick, ms]);
}
