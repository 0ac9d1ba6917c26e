import { z } from 'zod';

/**
 * Where a secret sits inside its section: keys from the section's root; '*' stands for every item of an array
 * (items are matched to the stored ones by their `name` field, else by position).
 */
export type SecretPath = readonly string[];

/** One top-level part of the public config: its schema (field defaults included), its defaults and its secrets. */
export interface ConfigSection<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  /** The section as stored when the file has none of it: the schema's own field defaults. */
  defaults: z.output<S>;
  /** Fields GET /api/config masks and a PUT that sends the mask back keeps. */
  secrets: readonly SecretPath[];
}

export type ConfigSections = Record<string, ConfigSection>;

/**
 * Declares a section. Its field defaults live in the schema (`.default()` on leaves, `.prefault({})` on nested
 * objects), so a new field is one edit here and shows up in the file, GET, PUT, masking and merging.
 */
export function defineSection<S extends z.ZodObject>(schema: S, options: { secrets?: readonly SecretPath[] } = {}): ConfigSection<S> {
  return { schema, defaults: schema.parse({}), secrets: options.secrets ?? [] };
}

/** The public config: every section, fully defaulted. */
export type SectionsOutput<T extends ConfigSections> = { [K in keyof T]: z.output<T[K]['schema']> };

/**
 * A PUT body for one value: objects are partial all the way down (and merged), arrays and maps are given whole
 * (and replace), optional fields also take null (remove it).
 */
export type ConfigPatch<T> = {
  [K in keyof T]?: undefined extends T[K] ? PatchValue<Exclude<T[K], undefined>> | null : PatchValue<T[K]>;
};
type PatchValue<V> = V extends readonly unknown[] ? V : V extends Record<string, unknown> ? ConfigPatch<V> : V;

export type SectionsPatch<T extends ConfigSections> = { [K in keyof T]?: ConfigPatch<z.output<T[K]['schema']>> };

/** A field's schema without its default/prefault/optional wrappers, and whether it may be absent. */
export function unwrapField(field: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = field;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional) optional = true;
    else if (!(inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault || inner instanceof z.ZodNullable)) break;
    inner = (inner as z.ZodOptional | z.ZodDefault | z.ZodPrefault | z.ZodNullable).unwrap() as z.ZodType;
  }
  return { inner, optional };
}

/**
 * An optional field in a PUT: null removes it, and an optional text field sent empty is removed too (spec §5:
 * 'An empty value becomes undefined').
 */
function fieldPatch(field: z.ZodType): z.ZodType {
  const { inner, optional } = unwrapField(field);
  const patch = inner instanceof z.ZodObject ? objectPatch(inner) : inner;
  if (!optional) return patch.optional();
  const isText = inner._zod.def.type === 'string';
  return (isText ? z.preprocess((value) => (value === '' ? null : value), patch.nullable()) : patch.nullable()).optional();
}

function objectPatch(schema: z.ZodObject): z.ZodObject {
  return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, fieldPatch(field as z.ZodType)])));
}

/** GET /api/config's shape: exactly the sections, each fully defaulted. */
export function publicConfigSchema<T extends ConfigSections>(sections: T): z.ZodType<SectionsOutput<T>, SectionsOutput<T>> {
  const shape = Object.fromEntries(Object.entries(sections).map(([name, section]) => [name, section.schema]));
  return z.object(shape) as unknown as z.ZodType<SectionsOutput<T>, SectionsOutput<T>>;
}

/** PUT /api/config's shape: any subset of the sections, partial all the way down; unknown keys are refused. */
export function configUpdateSchema<T extends ConfigSections>(sections: T): z.ZodType<SectionsPatch<T>, SectionsPatch<T>> {
  const shape = Object.fromEntries(Object.entries(sections).map(([name, section]) => [name, objectPatch(section.schema).optional()]));
  return z.strictObject(shape) as unknown as z.ZodType<SectionsPatch<T>, SectionsPatch<T>>;
}
