import { Writable } from 'node:stream';

/** Bounded in-memory ring of raw log lines with live subscribers (GET /api/logs/recent and /stream). */
export interface LogBuffer {
  /** The newest `limit` lines, oldest first. */
  recent(limit: number): string[];
  /** Calls `listener` with each new line; returns the unsubscribe function. */
  subscribe(listener: (line: string) => void): () => void;
  /** A pino destination that feeds the buffer. */
  stream: Writable;
}

export function createLogBuffer(capacity = 1000): LogBuffer {
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  let partial = '';

  function push(line: string): void {
    if (!line) return;
    lines.push(line);
    if (lines.length > capacity) lines.splice(0, lines.length - capacity);
    for (const listener of listeners) listener(line);
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
    stream,
  };
}
