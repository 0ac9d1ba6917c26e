import type { StreamEvent, StreamingId } from '@cui/contract';

/** Spec §9: at most 5 concurrent list streams; extras wait in a queue. */
export const MAX_CONCURRENT_STREAMS = 5;

/** Why a watched stream stopped on its own: the run closed, or the connection gave up retrying. */
export type StreamEnd = 'closed' | 'failed';

export interface StreamHandlers {
  onEvent(event: StreamEvent): void;
  /** Called at most once, when the stream will deliver nothing more. */
  onEnd(reason: StreamEnd): void;
}

/** Opens one stream; `stop` aborts it (no further handler calls are needed after that). */
export type OpenStream = (streamingId: StreamingId, handlers: StreamHandlers) => { stop(): void };

export interface StreamQueue {
  /** Starts watching a run (now, or once a slot frees); returns the function that stops watching. */
  watch(streamingId: StreamingId, handlers: StreamHandlers): () => void;
  /** Stops every stream and forgets every queued one. */
  stopAll(): void;
  activeIds(): string[];
  queuedIds(): string[];
}

type Entry = { handlers: StreamHandlers; state: 'queued' | 'active' | 'ended'; connection?: { stop(): void } };

/** A bounded set of live stream connections for the session list: first come, first served. */
export function createStreamQueue(open: OpenStream, maxConcurrent = MAX_CONCURRENT_STREAMS): StreamQueue {
  const entries = new Map<string, Entry>();
  const countActive = () => [...entries.values()].filter((e) => e.state === 'active').length;

  const start = (streamingId: string, entry: Entry) => {
    entry.state = 'active';
    entry.connection = open(streamingId, {
      onEvent: (event) => {
        if (entries.get(streamingId) === entry) entry.handlers.onEvent(event);
      },
      onEnd: (reason) => {
        if (entries.get(streamingId) !== entry || entry.state !== 'active') return;
        entry.state = 'ended';
        entry.connection = undefined;
        pump();
        entry.handlers.onEnd(reason);
      },
    });
  };

  const pump = () => {
    for (const [streamingId, entry] of entries) {
      if (countActive() >= maxConcurrent) return;
      if (entry.state === 'queued') start(streamingId, entry);
    }
  };

  return {
    watch(streamingId, handlers) {
      const existing = entries.get(streamingId);
      if (existing) existing.handlers = handlers;
      else entries.set(streamingId, { handlers, state: 'queued' });
      pump();
      return () => {
        const entry = entries.get(streamingId);
        if (!entry) return;
        entries.delete(streamingId);
        entry.connection?.stop();
        if (entry.state === 'active') pump();
      };
    },
    stopAll() {
      for (const entry of entries.values()) entry.connection?.stop();
      entries.clear();
    },
    activeIds: () => [...entries].filter(([, e]) => e.state === 'active').map(([id]) => id),
    queuedIds: () => [...entries].filter(([, e]) => e.state === 'queued').map(([id]) => id),
  };
}
