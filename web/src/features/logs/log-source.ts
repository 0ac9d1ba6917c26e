import { routes } from '@/app/routes';
import { apiCall, routeUrl } from '@/app/api-client';
import { fetchTransport, readStream } from '@/app/stream';

/** Spec §9: the panel asks for the newest 100 entries. */
export const RECENT_LOG_LIMIT = 100;

export function loadRecentLogs(signal: AbortSignal): Promise<string[]> {
  return apiCall(routes.logs.recent, { query: { limit: RECENT_LOG_LIMIT } }, { signal }).then((body) => body.logs);
}

/** The log entry a stream payload carries (framing and heartbeats are the reader's): a payload that is not JSON is logged and skipped. */
export function decodeLogEntry(payload: string): string | undefined {
  try {
    JSON.parse(payload);
  } catch {
    console.warn('Skipping unparseable log stream line:', payload.slice(0, 200));
    return undefined;
  }
  return payload;
}

export interface LogStreamOptions {
  signal: AbortSignal;
  onOpen: () => void;
  onLines: (lines: string[]) => void;
  fetchFn?: typeof fetch;
}

/**
 * Reads GET /api/logs/stream (SSE) through the stream reader until it ends or `signal` aborts; lines of one chunk are
 * delivered together. No reconnect (spec §8: the panel stays disconnected); a 401 sends the user to the login screen.
 */
export function streamLogs({ signal, onOpen, onLines, fetchFn }: LogStreamOptions): Promise<void> {
  return readStream({
    target: { url: routeUrl(routes.logs.stream), framing: 'sse' },
    signal,
    decode: decodeLogEntry,
    onOpen,
    onMessages: onLines,
    ...(fetchFn ? { transport: fetchTransport({ fetchFn }) } : {}),
  });
}
