import type { Decode } from './read-stream';

/** What the decoder needs of a contract schema (zod's `safeParse`), without importing zod here. */
export interface ParseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface JsonDecoderOptions<T> {
  /** The contract's schema, loaded the first time an item needs it (zod comes with it, from its own chunk). */
  schema: () => Promise<ParseSchema<T>>;
  /** Items known without the schema: a page that only ever gets these never loads it. */
  fast?: (json: unknown) => T | undefined;
  /** A payload that is not JSON or fails the schema is skipped; this hears of it (to log it). */
  onSkip?: (payload: string, reason: 'not-json' | 'schema') => void;
}

/** Decodes JSON payloads against a contract schema loaded on demand; anything else is skipped (undefined). */
export function jsonDecoder<T>(options: JsonDecoderOptions<T>): Decode<T> {
  let schema: ParseSchema<T> | undefined;
  return async (payload) => {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      options.onSkip?.(payload, 'not-json');
      return undefined;
    }
    const fast = options.fast?.(json);
    if (fast !== undefined) return fast;
    schema ??= await options.schema();
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    options.onSkip?.(payload, 'schema');
    return undefined;
  };
}
