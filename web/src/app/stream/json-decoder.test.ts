import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonDecoder } from './json-decoder';

const Item = z.object({ n: z.number() });

describe('jsonDecoder', () => {
  it('answers fast items without loading the schema, loads it once for the rest, and reports what it skips', async () => {
    const schema = vi.fn(async () => Item);
    const skipped: string[] = [];
    const decode = jsonDecoder<{ n: number }>({
      schema,
      fast: (json) => (json === 0 ? { n: 0 } : undefined),
      onSkip: (payload, reason) => skipped.push(`${reason}:${payload}`),
    });
    expect(await decode('0')).toEqual({ n: 0 });
    expect(schema).not.toHaveBeenCalled();
    expect(await decode('{"n":1}')).toEqual({ n: 1 });
    expect(await decode('{"n":"x"}')).toBeUndefined();
    expect(await decode('{not json')).toBeUndefined();
    expect(schema).toHaveBeenCalledTimes(1);
    expect(skipped).toEqual(['schema:{"n":"x"}', 'not-json:{not json']);
  });
});
