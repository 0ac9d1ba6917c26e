import { z } from 'zod';

/** How one form field is edited: a text box, a number box, a picker, or a JSON textarea for anything nested deeper. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'json';

/** One field of a form generated from a contract schema; nested objects flatten to dotted names. */
export interface FormField {
  /** Dotted path inside the part, e.g. `interface.colorScheme`. */
  name: string;
  /** What the user reads, e.g. 'Session ID'. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Choices of an `enum` field (a boolean offers 'true' / 'false'). */
  options?: readonly string[];
}

interface JsonSchema {
  title?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  additionalProperties?: unknown;
}

/** Words written upper-case in labels (sessionId → 'Session ID'). */
const ACRONYMS = new Set(['id', 'url', 'json', 'cwd', 'api']);

/** 'sessionId' → 'Session ID', 'interface.colorScheme' → 'Interface color scheme'. */
export function fieldLabel(name: string): string {
  const words = name
    .split('.')
    .flatMap((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_-]+/))
    .filter((word) => word !== '')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The branch that says what the field is: nullable (`anyOf [T, null]` or `type: [T, 'null']`) and coerced query values
 * (`anyOf [T, {}]` or `[integer, string pattern]`) collapse to their first typed branch.
 */
function collapse(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') };
  if (!schema.anyOf) return schema;
  const typed = schema.anyOf.find((branch) => branch.type !== undefined && branch.type !== 'null');
  return typed ? collapse(typed) : schema;
}

function kindOf(schema: JsonSchema): Pick<FormField, 'kind' | 'options'> {
  if (schema.enum && schema.enum.every((value) => typeof value === 'string')) return { kind: 'enum', options: schema.enum as string[] };
  if (schema.type === 'boolean') return { kind: 'boolean', options: ['true', 'false'] };
  if (schema.type === 'number' || schema.type === 'integer') return { kind: 'number' };
  if (schema.type === 'string') return { kind: 'string' };
  return { kind: 'json' };
}

function collect(schema: JsonSchema, prefix: string, required: boolean, out: FormField[]): void {
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    const child = collapse(raw);
    const isRequired = required && (schema.required ?? []).includes(key);
    // A plain object with known properties flattens; a record (free keys) stays one JSON field.
    if (child.type === 'object' && child.properties && child.additionalProperties !== true) {
      collect(child, name, isRequired, out);
    } else {
      // A schema may name its field for people (`.meta({ title })`), e.g. the permission decision's `id` is 'Request ID'.
      out.push({ name, label: raw.title ?? child.title ?? fieldLabel(name), required: isRequired, ...kindOf(child) });
    }
  }
}

/**
 * The fields of one request part. Query schemas are read as their output (what they coerce to),
 * everything else as its input; draft-7 because that is what plain JSON-schema tooling reads.
 */
export function formFields(schema: z.ZodType | undefined, io: 'input' | 'output' = 'input'): FormField[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  const out: FormField[] = [];
  collect(collapse(json), '', true, out);
  return out;
}
