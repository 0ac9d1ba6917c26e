import type { StreamFraming } from '@cui/contract';

/**
 * Splits a text stream into lines across chunk boundaries. `push` returns the complete lines of this chunk;
 * `flush` returns the trailing partial line once the stream ends.
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

/** SSE fields that carry no payload (the viewer needs none of them). */
const SSE_FIELDS = /^(event|id|retry):/;

/**
 * The payload of one framed line (spec §4 Stream connection), or null for a line that carries nothing: blank lines
 * and ':' heartbeats in both framings, and for SSE the `event:`, `id:` and `retry:` fields. A 'data:' prefix (and the
 * one space after it) is stripped in both framings (the spec's NDJSON streams may carry it); any other line is the
 * payload itself.
 */
export function framedPayload(rawLine: string, framing: StreamFraming): string | null {
  const line = rawLine.replace(/\r$/, '');
  if (line.trim() === '' || line.startsWith(':')) return null;
  if (line.startsWith('data:')) return line.slice('data:'.length).replace(/^ /, '');
  return framing === 'sse' && SSE_FIELDS.test(line) ? null : line;
}
