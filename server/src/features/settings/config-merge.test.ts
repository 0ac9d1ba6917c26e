import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mergeBySchema } from './config-merge';

const schema = z.object({
  nested: z.object({ b: z.number(), c: z.number().optional() }).prefault({ b: 0 }),
  list: z.array(z.number()),
  map: z.record(z.string(), z.string()),
  plain: z.number().optional(),
});

describe('mergeBySchema', () => {
  it('merges object fields key by key and replaces arrays and maps', () => {
    const merged = mergeBySchema(schema, { nested: { b: 1, c: 2 }, list: [1, 2], map: { x: '1', y: '2' } }, { nested: { c: 3 }, list: [9], map: { y: '3' } });
    expect(merged).toEqual({ nested: { b: 1, c: 3 }, list: [9], map: { y: '3' } });
  });

  it('removes a key given null and ignores undefined', () => {
    expect(mergeBySchema(schema, { plain: 1, list: [1] }, { plain: null, list: undefined })).toEqual({ list: [1] });
  });

  it('does not modify its inputs', () => {
    const base = { nested: { b: 1 } };
    const patch = { nested: { b: 2 } };
    mergeBySchema(schema, base, patch);
    expect(base).toEqual({ nested: { b: 1 } });
    expect(patch).toEqual({ nested: { b: 2 } });
  });
});
