import type { ConfigUpdate, CuiConfig } from '@cui/contract';

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep-merges `patch` into a copy of `base`: plain objects merge key by key, arrays and scalars replace,
 * `undefined` leaves a key alone and `null` removes it. Neither input is modified.
 */
export function deepMerge(base: Plain, patch: Plain): Plain {
  const result: Plain = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = result[key];
    result[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : structuredClone(value);
  }
  return result;
}

/**
 * Applies a PUT /api/config body to the stored config. The result is NOT validated here (the store validates
 * it against the contract before anything is written). An empty `ntfyUrl` means "remove it" (spec §5: an empty
 * value becomes undefined). Maps keyed by the user (`router.rules`) are replaced as a whole, like arrays: the
 * settings screen sends the full map, and a merge could never remove a rule.
 */
export function mergeConfigUpdate(config: CuiConfig, update: ConfigUpdate): unknown {
  const patch = structuredClone(update) as Plain;
  const notifications = update.interface?.notifications;
  if (notifications?.ntfyUrl === '') ((patch.interface as Plain).notifications as Plain).ntfyUrl = null;
  const merged = deepMerge(config as Plain, patch);
  if (update.router?.rules !== undefined) (merged.router as Plain).rules = structuredClone(update.router.rules);
  return merged;
}
