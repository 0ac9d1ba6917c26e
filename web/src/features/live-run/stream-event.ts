import type { StreamEvent } from '@cui/contract';

/**
 * Decodes one run stream payload (framing and heartbeats are the stream reader's): an unparseable or unknown event is
 * logged and skipped (undefined). The contract's `StreamEvent` schema comes as an argument: callers load it on demand
 * (`loadStreamEventSchema`), so zod stays out of the pages' first load.
 */
export function decodeStreamEvent(payload: string, schema: typeof StreamEvent): StreamEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    console.warn('Skipping unparseable stream line:', payload.slice(0, 200));
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.warn('Skipping unknown stream event:', payload.slice(0, 200));
    return undefined;
  }
  return parsed.data;
}

/** The contract's stream event schema, from its own chunk (with zod), fetched when a stream is first read. */
export function loadStreamEventSchema(): Promise<typeof StreamEvent> {
  return import('@cui/contract').then((contract) => contract.StreamEvent);
}
