import { z } from 'zod';
import { unwrapField, type ConfigSections, type SectionsOutput, type SectionsPatch } from '@cui/contract';

export type Plain = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `patch` into a copy of `base`, guided by the section's schema: a field whose schema is an object merges key
 * by key; everything else — scalars, arrays and record-valued maps (router rules) — is replaced, so an entry can be
 * removed by sending the map without it. `undefined` leaves a key alone and `null` removes it. Inputs are not modified.
 */
export function mergeBySchema(schema: z.ZodObject, base: Plain, patch: Plain): Plain {
  const result: Plain = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete result[key];
      continue;
    }
    const field = schema.shape[key] as z.ZodType | undefined;
    const inner = field && unwrapField(field).inner;
    const current = result[key];
    result[key] =
      inner instanceof z.ZodObject && isPlainObject(value) && isPlainObject(current) ? mergeBySchema(inner, current, value) : structuredClone(value);
  }
  return result;
}

/**
 * Applies a validated PUT /api/config body to the stored config, section by section. The result is NOT validated
 * here (the store validates it before anything is written); fields outside the sections are carried over untouched.
 */
export function mergeConfigUpdate<T extends ConfigSections, C extends SectionsOutput<T>>(sections: T, config: C, update: SectionsPatch<T>): C {
  const next: Plain = { ...config };
  for (const [name, patch] of Object.entries(update)) {
    const section = sections[name];
    if (!section || !isPlainObject(patch)) continue;
    const stored = (config as Plain)[name];
    next[name] = mergeBySchema(section.schema, isPlainObject(stored) ? stored : {}, patch);
  }
  return next as C;
}

/** The sections whose stored value differs between two configs (what `config.changed` reports). */
export function changedSections<T extends ConfigSections>(sections: T, before: SectionsOutput<T>, after: SectionsOutput<T>): string[] {
  return Object.keys(sections).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}
