import type { z } from 'zod';

/** One item the stream viewer shows: its text, the parsed value, and why it is invalid when it is. */
export interface StreamItem {
  raw: string;
  value?: unknown;
  /** Set when the line is not JSON or does not match the route's event schema: marked, never dropped. */
  invalid?: string;
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
