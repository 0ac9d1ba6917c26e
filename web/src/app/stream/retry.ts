/** Spec §3 'Stream status': connecting, connected, disconnected, error. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'error';

/** Spec §9: reconnect after a drop in 5000 ms. */
export const RECONNECT_DELAY_MS = 5000;

/** Given the number of consecutive failed attempts so far, the delay before the next one (null: give up). */
export type RetryPolicy = (attempt: number) => number | null;

/** Always retry `delayMs` after a drop (the conversation view, the follow and inbox streams). */
export const fixedRetry = (delayMs = RECONNECT_DELAY_MS): RetryPolicy => () => delayMs;

/** Spec §9 list streams: up to `retries` retries, starting at `baseMs` and doubling. */
export const exponentialRetry = (retries = 3, baseMs = 1000): RetryPolicy => (attempt) =>
  attempt < retries ? baseMs * 2 ** attempt : null;

/** Never reconnect (the log panel and the raw page's viewer: spec §8, a failure leaves them disconnected). */
export const noRetry: RetryPolicy = () => null;

export interface PageVisibility {
  isVisible: () => boolean;
  /** Calls back whenever the page becomes visible; returns the unsubscribe function. */
  onVisible: (callback: () => void) => () => void;
}

/** The document's visibility, for browsers. */
export function documentVisibility(doc: Document): PageVisibility {
  return {
    isVisible: () => doc.visibilityState === 'visible',
    onVisible(callback) {
      const listener = () => {
        if (doc.visibilityState === 'visible') callback();
      };
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

/** The window's timers. */
export const windowTimers: Timers = {
  set: (callback, ms) => window.setTimeout(callback, ms),
  clear: (handle) => window.clearTimeout(handle as number),
};
