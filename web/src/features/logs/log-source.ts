import { routes } from '@/app/routes';
import { apiCall, authHeaders, errorFromResponse, routeUrl } from '@/app/api-client';
import { createLineSplitter } from '@/features/live-run';

/** Spec §9: the panel asks for the newest 100 entries. */
export const RECENT_LOG_LIMIT = 100;

export function loadRecentLogs(signal: AbortSignal): Promise<string[]> {
  return apiCall(routes.logs.recent, { query: { limit: RECENT_LOG_LIMIT } }, { signal }).then((body) => body.logs);
}

/**
 * The log entry carried by one stream line (spec §4 Stream connection): 'data: ' is stripped,
 * blank and ':' lines give null, and a line that is not JSON is logged and skipped.
 */
export function logLinePayload(rawLine: string): string | null {
  let line = rawLine.replace(/\r$/, '');
  if (line.startsWith('data: ')) line = line.slice('data: '.length);
  if (line.trim() === '' || line.startsWith(':')) return null;
  try {
    JSON.parse(line);
  } catch {
    console.warn('Skipping unparseable log stream line:', line.slice(0, 200));
    return null;
  }
  return line;
}

export interface LogStreamOptions {
  signal: AbortSignal;
  onOpen: () => void;
  onLines: (lines: string[]) => void;
  fetchFn?: typeof fetch;
}

/** Reads GET /api/logs/stream until it ends or `signal` aborts; lines of one chunk are delivered together. */
export async function streamLogs({ signal, onOpen, onLines, fetchFn = fetch }: LogStreamOptions): Promise<void> {
  const response = await fetchFn(routeUrl(routes.logs.stream), { headers: authHeaders(), signal });
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new Error('No response body');
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  const deliver = (lines: string[]): void => {
    const payloads = lines.map(logLinePayload).filter((line): line is string => line !== null);
    if (payloads.length > 0) onLines(payloads);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    deliver(splitter.push(value));
  }
  deliver(splitter.flush());
}
