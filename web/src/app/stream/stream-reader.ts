import type { StreamFraming } from '@cui/contract';
import { type Decode, readStream } from './read-stream';
import { type ConnectionState, noRetry, type PageVisibility, type RetryPolicy, type Timers, windowTimers } from './retry';
import { StreamError } from './stream-error';
import type { StreamTransport } from './transport';

/**
 * Why an attempt closed. `ended`: the far end closed the stream; `failed`: it failed and is retried per the policy;
 * `unauthorized`: a 401 (the user is sent to the login screen; no retry); `gone`: what it streams is gone for good
 * (no retry); `stopped`: `stop()` or an abort.
 */
export type CloseReason =
  | { type: 'ended' }
  | { type: 'failed'; error: Error }
  | { type: 'unauthorized'; error: StreamError }
  | { type: 'gone'; error: StreamError }
  | { type: 'stopped' };

/** `from=` resume: the position after each message; a reconnect asks the URL for the last one. */
export interface ResumeOptions<T> {
  /** Where the first attempt starts (undefined: where the stream starts by default). */
  from?: number;
  /** The position to resume from after this message, or undefined when it carries none. */
  after: (message: T) => number | undefined;
  /** Drop a message whose position is not beyond the last one: a replay after a reconnect (nothing twice). */
  dropReplays?: boolean;
}

export interface StreamReaderOptions<T> {
  /** The URL of an attempt, given the position to resume from. */
  url: (from: number | undefined) => string;
  framing?: StreamFraming;
  decode: Decode<T>;
  onMessages: (messages: T[]) => void;
  onState?: (state: ConnectionState) => void;
  onClose?: (reason: CloseReason) => void;
  /** No reconnect unless given. The count of failed attempts resets once an attempt opens. */
  retry?: RetryPolicy;
  resume?: ResumeOptions<T>;
  /** The stream's last message (a run's `closed`): no reconnect after it. */
  isLast?: (message: T) => boolean;
  /** A failure that means what it streams is gone for good (no reconnect). */
  isGone?: (error: StreamError) => boolean;
  /** With it, no reconnect is scheduled while the page is hidden, and becoming visible reconnects at once. */
  visibility?: PageVisibility;
  timers?: Timers;
  transport?: StreamTransport;
}

/** One stream kept open: `start` opens it (again after `stop`), `stop` aborts it and any pending reconnect. */
export interface StreamReader {
  start: () => void;
  stop: () => void;
  /** The position reached by the messages so far (see ResumeOptions.after). */
  position: () => number | undefined;
}

/** The mutable state of one reader (a real stateful resource: the connection, the retry timer). */
interface Runtime {
  position: number | undefined;
  controller: AbortController | undefined;
  timer: unknown;
  failures: number;
  finished: boolean;
  stopped: boolean;
}

function closeReason(error: unknown, aborted: boolean, isGone: StreamReaderOptions<unknown>['isGone']): CloseReason {
  if (aborted) return { type: 'stopped' };
  if (error instanceof StreamError && error.status === 401) return { type: 'unauthorized', error };
  if (error instanceof StreamError && isGone?.(error)) return { type: 'gone', error };
  return { type: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
}

const STATE_AFTER: Record<CloseReason['type'], ConnectionState> = { ended: 'disconnected', stopped: 'disconnected', gone: 'disconnected', failed: 'error', unauthorized: 'error' };

/**
 * Keeps one stream open: reconnects after drops with back-off (the retry policy), resumes with `from=` where the
 * stream has positions, stops for good after a stream's last message, a 401 or a gone source. The connection itself
 * is the transport's (fetch + NDJSON/SSE today; the shape fits a WebSocket: connect, messages, close reasons).
 */
export function createStreamReader<T>(options: StreamReaderOptions<T>): StreamReader {
  const rt: Runtime = { position: options.resume?.from, controller: undefined, timer: undefined, failures: 0, finished: false, stopped: false };
  let moved = false;
  const timers = options.timers ?? windowTimers;
  const fresh = (message: T): boolean => {
    const after = options.resume?.after(message);
    if (after !== undefined) {
      if (options.resume?.dropReplays && moved && rt.position !== undefined && after <= rt.position) return false;
      rt.position = after;
      moved = true;
    }
    if (options.isLast?.(message)) rt.finished = true;
    return true;
  };
  const scheduleRetry = (): void => {
    if (rt.stopped || rt.finished || (options.visibility && !options.visibility.isVisible())) return;
    const delay = (options.retry ?? noRetry)(rt.failures);
    rt.failures += 1;
    if (delay === null) return;
    rt.timer = timers.set(() => {
      rt.timer = undefined;
      open();
    }, delay);
  };
  const closed = (reason: CloseReason): void => {
    if (reason.type === 'unauthorized' || reason.type === 'gone') rt.finished = true;
    options.onState?.(STATE_AFTER[reason.type]);
    options.onClose?.(reason);
    if (reason.type === 'ended' || reason.type === 'failed') scheduleRetry();
  };
  const open = (): void => {
    if (rt.stopped || rt.finished || rt.controller) return;
    const current = new AbortController();
    rt.controller = current;
    options.onState?.('connecting');
    const onOpen = (): void => {
      rt.failures = 0;
      options.onState?.('connected');
    };
    const onMessages = (messages: T[]): void => {
      const kept = messages.filter(fresh);
      if (kept.length > 0) options.onMessages(kept);
    };
    const target = { url: options.url(rt.position), framing: options.framing ?? 'ndjson' };
    readStream({ target, signal: current.signal, decode: options.decode, onOpen, onMessages, ...(options.transport ? { transport: options.transport } : {}) }).then(
      () => {
        if (rt.controller === current) rt.controller = undefined;
        closed({ type: 'ended' });
      },
      (error: unknown) => {
        // A stop clears the controller at once, so a start right after it opens a new attempt while this one settles.
        if (rt.controller === current) rt.controller = undefined;
        closed(closeReason(error, current.signal.aborted, options.isGone));
      },
    );
  };
  let unsubscribe: (() => void) | undefined;
  const clearTimer = (): void => {
    if (rt.timer !== undefined) timers.clear(rt.timer);
    rt.timer = undefined;
  };
  return {
    start() {
      rt.stopped = false;
      unsubscribe ??= options.visibility?.onVisible(() => {
        clearTimer();
        open();
      });
      open();
    },
    stop() {
      rt.stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      clearTimer();
      rt.controller?.abort();
      rt.controller = undefined;
    },
    position: () => (moved ? rt.position : undefined),
  };
}
