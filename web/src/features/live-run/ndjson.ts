import type { StreamEvent } from '@cui/contract';

/**
 * Splits a byte stream into lines across chunk boundaries. `push` returns the complete lines of
 * this chunk; `flush` returns the trailing partial line once the stream ends.
 */
export function createLineSplitter() {
  let buffer = '';
  return {
    push(chunk: string): string[] {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      return parts;
    },
    flush(): string[] {
      const rest = buffer;
      buffer = '';
      return rest ? [rest] : [];
    },
  };
}

/**
 * Parses one stream line (spec §4 Stream connection): 'data: ' is stripped, blank lines and
 * ':' heartbeat lines give null, and an unparseable or unknown event is logged and skipped (null). The contract's
 * `StreamEvent` schema comes as an argument: callers load it on demand (`loadStreamEventSchema`), so zod stays out of
 * the pages' first load.
 */
export function parseStreamLine(rawLine: string, schema: typeof StreamEvent): StreamEvent | null {
  let line = rawLine.replace(/\r$/, '');
  if (line.startsWith('data: ')) line = line.slice('data: '.length);
  if (line.trim() === '' || line.startsWith(':')) return null;
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    console.warn('Skipping unparseable stream line:', line.slice(0, 200));
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.warn('Skipping unknown stream event:', line.slice(0, 200));
    return null;
  }
  return parsed.data;
}

/** The contract's stream event schema, from its own chunk (with zod), fetched when a stream is first read. */
export function loadStreamEventSchema(): Promise<typeof StreamEvent> {
  return import('@cui/contract').then((contract) => contract.StreamEvent);
}
