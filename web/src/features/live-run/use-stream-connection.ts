import type { StreamEvent, StreamingId } from '@cui/contract';
import { useEffect, useRef } from 'react';
import { authHeaders } from '@/app/api-client';
import { type ConnectionState, documentVisibility, type RetryPolicy, windowTimers } from '@/app/stream';
import { createStreamConnection } from './connection';

export interface UseStreamConnectionOptions {
  /** No connection while undefined. */
  streamingId: StreamingId | undefined;
  onEvent: (event: StreamEvent) => void;
  onState: (state: ConnectionState) => void;
  onError?: (message: string) => void;
  /** The run is gone from the server (ended while away); without it a 404/410 is an error that is retried. */
  onGone?: () => void;
  retry?: RetryPolicy;
  fromSeq?: number;
}

/**
 * Keeps one stream connection open for `streamingId` while mounted (browser fetch with the bearer
 * token, page visibility, window timers). The callbacks may change between renders.
 */
export function useStreamConnection(options: UseStreamConnectionOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { streamingId, retry, fromSeq } = options;
  useEffect(() => {
    if (!streamingId) return;
    const connection = createStreamConnection({
      streamingId,
      fetchFn: (input, init) => fetch(input, init),
      headers: authHeaders,
      visibility: documentVisibility(document),
      setTimer: windowTimers.set,
      clearTimer: windowTimers.clear,
      onEvent: (event) => latest.current.onEvent(event),
      onState: (state) => latest.current.onState(state),
      onError: (message) => latest.current.onError?.(message),
      onGone: () => latest.current.onGone?.(),
      ...(retry ? { retry } : {}),
      ...(fromSeq !== undefined ? { fromSeq } : {}),
    });
    connection.start();
    return () => connection.stop();
  }, [streamingId, retry, fromSeq]);
}
