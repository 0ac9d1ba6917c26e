import { Writable } from 'node:stream';

/** Bounded in-memory ring of raw log lines with live subscribers (GET /api/logs/recent and /stream). */
export interface LogBuffer {
  /** The newest `limit` lines, oldest first. */
  recent(limit: number): string[];
  /** Calls `listener` with each new line; returns the unsubscribe function. */
  subscribe(listener: (line: string) => void): () => void;
  /** How many listeners are subscribed (the log stream must drop its listener when a client goes). */
  subscriberCount(): number;
  /** A pino destination that feeds the buffer. */
  stream: Writable;
}

/** How many lines the buffer keeps (the oldest are dropped). */
export const LOG_BUFFER_CAPACITY = 1000;

export function createLogBuffer(capacity = LOG_BUFFER_CAPACITY): LogBuffer {
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  let partial = '';

  function push(line: string): void {
    if (!line) return;
    lines.push(line);
    if (lines.length > capacity) lines.splice(0, lines.length - capacity);
    // A listener that throws must not stop the others or the logger.
    for (const listener of listeners) {
      try {
        listener(line);
      } catch {
        listeners.delete(listener);
      }
    }
  }

  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) push(part);
      callback();
    },
  });

  return {
    recent: (limit) => (limit <= 0 ? [] : lines.slice(-limit)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscriberCount: () => listeners.size,
    stream,
  };
}
