import type { StreamEvent } from '@cui/contract';
import type { PartialText } from '../../cli/partial-messages';
import type { RunEvent } from '../../cli/sdk-events';
import { createPartialTextStore } from './partial-text';

/** Default ceiling of one run's kept events (serialized size). Beyond it the oldest events are dropped. */
export const DEFAULT_EVENT_LOG_MAX_BYTES = 64 * 1024 * 1024;

/** A viewer of the log: gets each NDJSON line (newline included) in seq order, then `end` once the log closes. */
export interface EventLogSubscriber {
  line(line: string): void;
  end(): void;
}

/**
 * Everything one run emitted, in order, with `seq` numbers, serialized once for every viewer.
 * A subscriber first gets the kept events from `from`, then live ones, with no gap and no duplicate
 * (replay and registration happen in one synchronous step). Text typed so far is not kept token by token:
 * a subscriber gets each open block's text whole after the replay, then the live pieces (`assistant_delta`).
 */
export interface RunEventLog {
  /** Stamps `seq` (and `timestamp` when the CLI gave none), stores and publishes the event. */
  append(event: RunEvent): StreamEvent;
  /** Publishes a piece of typed text (no seq, not kept one by one: coalesced per block until its message completes). */
  appendPartial(piece: PartialText): void;
  subscribe(from: number, subscriber: EventLogSubscriber): () => void;
  /** No more events: current subscribers get `end`, later ones replay and end at once. */
  close(): void;
  isClosed(): boolean;
  /** The kept events (oldest may have been dropped past the size ceiling). */
  events(): StreamEvent[];
  /** The seq the next event will get. */
  nextSeq(): number;
}

interface Entry {
  event: StreamEvent;
  line: string;
}

export function createRunEventLog(options: { maxBytes?: number; now?: () => Date } = {}): RunEventLog {
  const maxBytes = options.maxBytes ?? DEFAULT_EVENT_LOG_MAX_BYTES;
  const now = options.now ?? (() => new Date());
  const entries: Entry[] = [];
  const subscribers = new Set<EventLogSubscriber>();
  const partials = createPartialTextStore();
  let bytes = 0;
  let seq = 0;
  let closed = false;

  const trim = (): void => {
    // Always keep the newest event, however large.
    while (bytes > maxBytes && entries.length > 1) bytes -= entries.shift()?.line.length ?? 0;
  };

  // A viewer whose connection broke must not stop the run's other viewers or the run itself.
  const deliver = (subscriber: EventLogSubscriber, line: string): void => {
    try {
      subscriber.line(line);
    } catch {
      subscribers.delete(subscriber);
    }
  };

  return {
    append(event) {
      if (closed) throw new Error('event log is closed');
      const stamped = { ...event, seq: seq++, timestamp: event.timestamp ?? now().toISOString() } as StreamEvent;
      const line = `${JSON.stringify(stamped)}\n`;
      entries.push({ event: stamped, line });
      bytes += line.length;
      trim();
      if (stamped.type === 'assistant') partials.complete(stamped);
      // A turn's end leaves no block open (an interrupted one was completed by the CLI's partial assistant).
      if (stamped.type === 'result') partials.clear();
      for (const subscriber of subscribers) deliver(subscriber, line);
      return stamped;
    },
    appendPartial(piece) {
      if (closed) return;
      const line = `${JSON.stringify(partials.add(piece, now().toISOString()))}\n`;
      for (const subscriber of subscribers) deliver(subscriber, line);
    },
    subscribe(from, subscriber) {
      for (const entry of entries) if ((entry.event.seq ?? 0) >= from) subscriber.line(entry.line);
      for (const delta of partials.snapshots(now().toISOString())) subscriber.line(`${JSON.stringify(delta)}\n`);
      if (closed) {
        subscriber.end();
        return () => undefined;
      }
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    close() {
      if (closed) return;
      closed = true;
      partials.clear();
      for (const subscriber of subscribers) subscriber.end();
      subscribers.clear();
    },
    isClosed: () => closed,
    events: () => entries.map((entry) => entry.event),
    nextSeq: () => seq,
  };
}
