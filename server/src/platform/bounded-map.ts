/** A Map that keeps at most `maxEntries`, dropping the least recently used entry first. */
export interface BoundedMap<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  clear(): void;
  readonly size: number;
}

export function createBoundedMap<K, V>(maxEntries: number): BoundedMap<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Re-inserting moves the key to the end: Map iteration order is insertion order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
