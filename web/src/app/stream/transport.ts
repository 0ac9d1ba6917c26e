import type { StreamFraming } from '@cui/contract';
import { authHeaders, errorFromResponse } from '../api-client';
import { createLineSplitter, framedPayload } from './lines';
import { StreamError, STREAM_UNREACHABLE } from './stream-error';

/** What one connection attempt reports: the connection opened, then the payloads of each chunk (or frame). */
export interface TransportHandlers {
  onOpen: () => void;
  /** The payloads one chunk completed, in order (heartbeats and blank lines left out); awaited before the next chunk. */
  onPayloads: (payloads: string[]) => Promise<void> | void;
}

/** Where to connect: the URL, and how its lines are framed (a WebSocket transport would ignore `framing`). */
export interface StreamTarget {
  url: string;
  framing: StreamFraming;
}

/**
 * The seam between the reader and the wire: one attempt, which resolves when the far end closes the stream normally
 * and rejects with a StreamError when it fails (or with the abort once `signal` aborts). Today's streams are NDJSON/SSE
 * over fetch (`fetchTransport`); the coming terminal's WebSocket is another implementation of the same shape.
 */
export type StreamTransport = (target: StreamTarget, signal: AbortSignal, handlers: TransportHandlers) => Promise<void>;

export interface FetchTransportDeps {
  fetchFn?: typeof fetch;
  /** The bearer token and content type: the API client's `authHeaders` unless given. */
  headers?: () => Headers;
}

/** Runs a network step; a failure that is not an abort becomes the one unreachable error (the cause is kept). */
async function network<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new StreamError('unreachable', STREAM_UNREACHABLE, { cause: error });
  }
}

/**
 * A non-OK answer, read as the API client reads one: a 401 drops the held token and sends the user back to the login
 * screen (every stream, as every call), anything else keeps the body's message and code.
 */
async function failure(response: Response): Promise<StreamError> {
  const apiError = await errorFromResponse(response);
  return new StreamError('http', apiError.message, { status: response.status, code: apiError.code, cause: apiError });
}

/** Lines over fetch: the auth header, NDJSON or SSE framing, lines split across chunk boundaries. */
export function fetchTransport(deps: FetchTransportDeps = {}): StreamTransport {
  return async (target, signal, handlers) => {
    const fetchFn = deps.fetchFn ?? fetch;
    const headers = (deps.headers ?? authHeaders)();
    const response = await network(signal, () => fetchFn(target.url, { headers, signal }));
    if (!response.ok) throw await failure(response);
    if (!response.body) throw new StreamError('no-body', 'No response body');
    handlers.onOpen();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const splitter = createLineSplitter();
    const deliver = async (lines: string[]): Promise<void> => {
      const payloads = lines.map((line) => framedPayload(line, target.framing)).filter((payload) => payload !== null);
      if (payloads.length > 0) await handlers.onPayloads(payloads);
    };
    for (;;) {
      const { done, value } = await network(signal, () => reader.read());
      if (done) break;
      await deliver(splitter.push(value));
    }
    await deliver(splitter.flush());
  };
}
