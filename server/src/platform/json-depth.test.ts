import { describe, expect, it } from 'vitest';
import { jsonTooDeep } from './json-depth';

describe('jsonTooDeep', () => {
  it('counts nested arrays and objects against the limit', () => {
    expect(jsonTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonTooDeep('[{},{},{}]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonTooDeep('{"a":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(jsonTooDeep('["\\\\", [[]]]', 2)).toBe(true);
  });
});
