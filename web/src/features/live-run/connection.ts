import type { StreamEvent, StreamingId } from '@cui/contract';
import { routes } from '@/app/routes';
import { routeUrl } from '@/app/api-client';
import {
  type ConnectionState,
  createStreamReader,
  fetchTransport,
  fixedRetry,
  type PageVisibility,
  type RetryPolicy,
  streamFailureText,
} from '@/app/stream';
import { decodeStreamEvent, loadStreamEventSchema } from './stream-event';

/** The run is over and its events are gone (404 run.not_found, 410 run.finished): reconnecting cannot help. */
const GONE_STATUSES = new Set([404, 410]);

export interface StreamConnectionDeps {
  streamingId: StreamingId;
  fetchFn: typeof fetch;
  headers: () => Headers;
  visibility: PageVisibility;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onEvent: (event: StreamEvent) => void;
  onState: (state: ConnectionState) => void;
  /** A non-abort failure (spec §8 'Stream connection failed: {status}', 'No response body', network errors). */
  onError: (message: string) => void;
  retry?: RetryPolicy;
  /** First position to ask for: 0 replays the whole run so a late viewer misses nothing. */
  fromSeq?: number;
  /** The server no longer has the run (it ended while we were away): no retry; read the history instead. */
  onGone?: () => void;
}

export interface StreamConnection {
  start: () => void;
  /** Aborts the stream for good (no reconnect). */
  stop: () => void;
  /** The highest `seq` applied so far. */
  lastSeq: () => number | undefined;
}

/** The event schema, loaded once per connection alongside its first opening (a failed load is tried again). */
function schemaLoader(): () => Promise<typeof StreamEvent> {
  let loading: Promise<typeof StreamEvent> | undefined;
  return () => {
    loading ??= loadStreamEventSchema().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * One live connection to GET /api/stream/:streamingId (through the stream reader) that reconnects after drops with
 * `?from=<last seq + 1>`, dropping any event whose seq it already applied: nothing lost, nothing twice.
 * A `closed` event ends it for good; so does a 401 (the login screen) and, with `onGone`, a run the server dropped.
 */
export function createStreamConnection(deps: StreamConnectionDeps): StreamConnection {
  const schema = schemaLoader();
  const reader = createStreamReader<StreamEvent>({
    url: (from) => routeUrl(routes.stream.stream, { params: { streamingId: deps.streamingId }, query: { from } }),
    decode: async (payload) => decodeStreamEvent(payload, await schema()),
    onMessages: (events) => events.forEach(deps.onEvent),
    onState: deps.onState,
    onClose: (reason) => {
      if (reason.type === 'gone') deps.onGone?.();
      if (reason.type === 'failed' || reason.type === 'unauthorized') deps.onError(streamFailureText(reason.error));
    },
    retry: deps.retry ?? fixedRetry(),
    resume: { ...(deps.fromSeq !== undefined ? { from: deps.fromSeq } : {}), after: (event) => (event.seq === undefined ? undefined : event.seq + 1), dropReplays: true },
    isLast: (event) => event.type === 'closed',
    ...(deps.onGone ? { isGone: (error) => error.status !== undefined && GONE_STATUSES.has(error.status) } : {}),
    visibility: deps.visibility,
    timers: { set: deps.setTimer, clear: deps.clearTimer },
    transport: fetchTransport({ fetchFn: deps.fetchFn, headers: deps.headers }),
  });
  return {
    start() {
      // Fetched alongside the stream's opening, so reading the first events does not wait for it.
      schema().catch(() => undefined);
      reader.start();
    },
    stop: reader.stop,
    lastSeq() {
      const position = reader.position();
      return position === undefined ? undefined : position - 1;
    },
  };
}
