/** Reads a JSON value from local storage; `fallback` when absent, unparseable or rejected by `accept`. */
export function readLocalJson<T>(key: string, accept: (value: unknown) => value is T, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : fallback;
  } catch {
    // Storage can be unavailable (private mode) or hold junk: the fallback is the deliberate recovery.
    return fallback;
  }
}

/** Writes a JSON value to local storage; a full or unavailable storage is ignored (the value is a convenience). */
export function writeLocalJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}
