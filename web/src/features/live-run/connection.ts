import type { StreamEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { routeUrl } from '@/app/api-client';
import { readEventStream, StreamOpenError } from './read-stream';

/** The run is over and its events are gone (404 run.not_found, 410 run.finished): reconnecting cannot help. */
const GONE_STATUSES = new Set([404, 410]);

/** Spec §3 'Stream status': connecting, connected, disconnected, error. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'error';

/** Spec §9: reconnect after a drop in 5000 ms. */
export const RECONNECT_DELAY_MS = 5000;

/** Given the number of consecutive failed attempts so far, the delay before the next one (null: give up). */
export type RetryPolicy = (attempt: number) => number | null;

/** The conversation view's policy: always retry 5 s after a drop. */
export const fixedRetry = (delayMs = RECONNECT_DELAY_MS): RetryPolicy => () => delayMs;

/** Spec §9 list streams: up to `retries` retries, starting at `baseMs` and doubling. */
export const exponentialRetry = (retries = 3, baseMs = 1000): RetryPolicy => (attempt) =>
  attempt < retries ? baseMs * 2 ** attempt : null;

export interface PageVisibility {
  isVisible: () => boolean;
  /** Calls back whenever the page becomes visible; returns the unsubscribe function. */
  onVisible: (callback: () => void) => () => void;
}

export interface StreamConnectionDeps {
  streamingId: string;
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

/** The mutable state of one connection (a real stateful resource: the socket, the retry timer). */
interface Runtime {
  lastSeq: number | undefined;
  controller: AbortController | undefined;
  timer: unknown;
  failures: number;
  finished: boolean;
  stopped: boolean;
}

function streamUrl(deps: StreamConnectionDeps, rt: Runtime): string {
  const from = rt.lastSeq !== undefined ? rt.lastSeq + 1 : deps.fromSeq;
  return routeUrl(routes.stream.stream, { params: { streamingId: deps.streamingId }, query: { from } });
}

/** Delivers an event once: anything at or below the last applied seq is a replay and dropped. */
function deliver(deps: StreamConnectionDeps, rt: Runtime, event: StreamEvent): void {
  if (event.seq !== undefined) {
    if (rt.lastSeq !== undefined && event.seq <= rt.lastSeq) return;
    rt.lastSeq = event.seq;
  }
  if (event.type === 'closed') rt.finished = true;
  deps.onEvent(event);
}

function scheduleRetry(deps: StreamConnectionDeps, rt: Runtime, open: () => void): void {
  if (rt.stopped || rt.finished || !deps.visibility.isVisible()) return;
  const delay = (deps.retry ?? fixedRetry())(rt.failures);
  rt.failures += 1;
  if (delay === null) return;
  rt.timer = deps.setTimer(() => {
    rt.timer = undefined;
    open();
  }, delay);
}

/** After a failed read: aborts end quietly, a gone run ends for good, anything else is reported and retried. */
function handleFailure(deps: StreamConnectionDeps, rt: Runtime, error: unknown, aborted: boolean, open: () => void): void {
  if (aborted) {
    deps.onState('disconnected');
    return;
  }
  if (error instanceof StreamOpenError && error.status !== undefined && GONE_STATUSES.has(error.status) && deps.onGone) {
    rt.finished = true;
    deps.onState('disconnected');
    deps.onGone();
    return;
  }
  deps.onState('error');
  deps.onError(error instanceof Error ? error.message : String(error));
  scheduleRetry(deps, rt, open);
}

/**
 * One live connection to GET /api/stream/:streamingId that reconnects after drops with
 * `?from=<last seq + 1>`, dropping any event whose seq it already applied: nothing lost, nothing twice.
 * A `closed` event ends it for good.
 */
export function createStreamConnection(deps: StreamConnectionDeps): StreamConnection {
  const rt: Runtime = { lastSeq: undefined, controller: undefined, timer: undefined, failures: 0, finished: false, stopped: false };
  const open = (): void => {
    if (rt.stopped || rt.finished || rt.controller) return;
    const current = new AbortController();
    rt.controller = current;
    deps.onState('connecting');
    const onOpen = () => {
      rt.failures = 0;
      deps.onState('connected');
    };
    readEventStream({ url: streamUrl(deps, rt), headers: deps.headers(), signal: current.signal, fetchFn: deps.fetchFn, onOpen, onEvent: (e) => deliver(deps, rt, e) }).then(
      () => {
        rt.controller = undefined;
        deps.onState('disconnected');
        scheduleRetry(deps, rt, open);
      },
      (error: unknown) => {
        rt.controller = undefined;
        handleFailure(deps, rt, error, current.signal.aborted, open);
      },
    );
  };
  let unsubscribe: (() => void) | undefined;
  return {
    start() {
      unsubscribe ??= deps.visibility.onVisible(() => {
        if (rt.timer !== undefined) deps.clearTimer(rt.timer);
        rt.timer = undefined;
        open();
      });
      open();
    },
    stop() {
      rt.stopped = true;
      unsubscribe?.();
      if (rt.timer !== undefined) deps.clearTimer(rt.timer);
      rt.controller?.abort();
    },
    lastSeq: () => rt.lastSeq,
  };
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
