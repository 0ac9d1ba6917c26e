import { exponentialRetry, type PageVisibility, type RetryPolicy } from '@/app/stream';
import { createStreamConnection } from '@/features/live-run';
import type { OpenStream } from './stream-queue';

export interface ListStreamDeps {
  fetchFn: typeof fetch;
  headers: () => Headers;
  visibility: PageVisibility;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Spec §9: up to 3 retries, 1000 ms doubling. */
  retry?: RetryPolicy;
}

/**
 * Opens list-row streams with the shared stream client. A row needs only the current status, so no
 * history is replayed. The stream ends for the queue on `closed`, or when the retry policy gives up.
 */
export function createListStreamOpener(deps: ListStreamDeps): OpenStream {
  const policy = deps.retry ?? exponentialRetry(3, 1000);
  return (streamingId, handlers) => {
    let ended = false;
    const end = (reason: 'closed' | 'failed') => {
      if (ended) return;
      ended = true;
      handlers.onEnd(reason);
    };
    const connection = createStreamConnection({
      streamingId,
      fetchFn: deps.fetchFn,
      headers: deps.headers,
      visibility: deps.visibility,
      setTimer: deps.setTimer,
      clearTimer: deps.clearTimer,
      retry: (attempt) => {
        const delay = policy(attempt);
        if (delay === null) end('failed');
        return delay;
      },
      onEvent: (event) => {
        handlers.onEvent(event);
        if (event.type === 'closed') end('closed');
      },
      onState: () => undefined,
      onError: (message) => console.warn(`Session list stream ${streamingId}: ${message}`),
    });
    connection.start();
    return { stop: () => connection.stop() };
  };
}
