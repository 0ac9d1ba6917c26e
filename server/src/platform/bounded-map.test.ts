import { describe, expect, it } from 'vitest';
import { createBoundedMap } from './bounded-map';

describe('createBoundedMap', () => {
  it('keeps at most its limit, dropping the least recently used entry', () => {
    const map = createBoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('replaces a value without growing and empties on clear', () => {
    const map = createBoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
    map.clear();
    expect(map.size).toBe(0);
  });
});
