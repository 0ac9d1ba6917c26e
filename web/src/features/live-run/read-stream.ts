import type { StreamEvent } from '@cui/contract';
import { createLineSplitter, loadStreamEventSchema, parseStreamLine } from './ndjson';

/** A stream that could not be opened; `status` is the HTTP status when there was a response. */
export class StreamOpenError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StreamOpenError';
    this.status = status;
  }
}

/**
 * What the banner says when the server cannot be reached or the connection drops mid-stream. The browser's own
 * texts ('Failed to fetch', 'network error', 'NetworkError when attempting…') differ per engine and mean nothing
 * to a user; this keeps the spec's 'Stream connection failed: …' form (§8).
 */
export const STREAM_UNREACHABLE = 'Stream connection failed: the server cannot be reached';

/** Runs a network step; a failure that is not an abort becomes the one unreachable error (the cause is kept). */
async function network<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new StreamOpenError(STREAM_UNREACHABLE, undefined, { cause: error });
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
 * for a non-OK response, 'No response body' when there is nothing to read (spec §8), and STREAM_UNREACHABLE
 * when the network fails.
 */
export async function readEventStream(options: ReadStreamOptions): Promise<void> {
  // Fetched alongside the stream's opening, so reading the first events does not wait for it.
  const loadingSchema = loadStreamEventSchema();
  loadingSchema.catch(() => undefined); // awaited once the stream opens; a stream that fails first reports that instead
  const response = await network(options.signal, () => options.fetchFn(options.url, { headers: options.headers, signal: options.signal }));
  if (!response.ok) throw new StreamOpenError(`Stream connection failed: ${response.status}`, response.status);
  if (!response.body) throw new StreamOpenError('No response body');
  const schema = await loadingSchema;
  options.onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  const emit = (lines: string[]) => {
    for (const line of lines) {
      const event = parseStreamLine(line, schema);
      if (event) options.onEvent(event);
    }
  };
  for (;;) {
    const { done, value } = await network(options.signal, () => reader.read());
    if (done) break;
    emit(splitter.push(value));
  }
  emit(splitter.flush());
}
