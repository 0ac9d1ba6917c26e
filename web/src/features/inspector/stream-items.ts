import type { z } from 'zod';
import type { StreamFraming } from '@cui/contract';

/** One item the stream viewer shows: its text, the parsed value, and why it is invalid when it is. */
export interface StreamItem {
  raw: string;
  value?: unknown;
  /** Set when the line is not JSON or does not match the route's event schema: marked, never dropped. */
  invalid?: string;
}

/**
 * The payload of one framed line, or null for a line that carries nothing: blank lines and ':' heartbeats
 * in both framings, and for SSE any field other than `data:` (event names, ids, retry).
 */
export function framedPayload(rawLine: string, framing: StreamFraming): string | null {
  const line = rawLine.replace(/\r$/, '');
  if (line.trim() === '' || line.startsWith(':')) return null;
  if (framing === 'ndjson') return line;
  if (!line.startsWith('data:')) return null;
  return line.slice('data:'.length).replace(/^ /, '');
}

/** Parses a payload and checks it against the route's emitted-item schema. */
export function streamItem(payload: string, schema: z.ZodType): StreamItem {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return { raw: payload, invalid: 'Not JSON' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { raw: payload, value };
  const issue = parsed.error.issues[0];
  return { raw: payload, value, invalid: issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'Does not match the schema' };
}
