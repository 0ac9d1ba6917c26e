import type { StreamEvent } from '@cui/contract';
import { createLineSplitter, parseStreamLine } from './ndjson';

/** A stream that could not be opened; `status` is the HTTP status when there was a response. */
export class StreamOpenError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'StreamOpenError';
    this.status = status;
  }
}

export interface ReadStreamOptions {
  url: string;
  headers: Headers;
  signal: AbortSignal;
  fetchFn: typeof fetch;
  /** Called once the response has opened (status OK, body present). */
  onOpen: () => void;
  onEvent: (event: StreamEvent) => void;
}

/**
 * Reads one NDJSON event stream over fetch until it ends. Throws 'Stream connection failed: {status}'
 * for a non-OK response and 'No response body' when there is nothing to read (spec §8).
 */
export async function readEventStream(options: ReadStreamOptions): Promise<void> {
  const response = await options.fetchFn(options.url, { headers: options.headers, signal: options.signal });
  if (!response.ok) throw new StreamOpenError(`Stream connection failed: ${response.status}`, response.status);
  if (!response.body) throw new StreamOpenError('No response body');
  options.onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  const emit = (lines: string[]) => {
    for (const line of lines) {
      const event = parseStreamLine(line);
      if (event) options.onEvent(event);
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    emit(splitter.push(value));
  }
  emit(splitter.flush());
}
