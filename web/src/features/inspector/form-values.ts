import type { FormField } from './schema-form';

/** What the user typed, by field name; an empty string means 'not set' and is never sent. */
export type FormValues = Readonly<Record<string, string>>;

/** The result of reading a form: the part to send (undefined when nothing was set), or the first problem. */
export type PartResult = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: string };

/** How a missing required field is reported; the stream viewer asks 'Please enter a streaming ID'. */
export type RequiredMessage = (field: FormField) => string;

export const isRequiredMessage: RequiredMessage = (field) => `${field.label} is required`;

/** How a JSON field that does not parse is reported; the permission decision says 'Invalid JSON body' (spec §5). */
export type InvalidJsonMessage = (field: FormField) => string;

export const invalidJsonMessage: InvalidJsonMessage = (field) => `${field.label}: Invalid JSON`;

function setAt(target: Record<string, unknown>, name: string, value: unknown): void {
  const keys = name.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) {
    const next = node[key];
    node = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (node[key] = {}) as Record<string, unknown>;
  }
  node[last] = value;
}

function convert(field: FormField, text: string, invalidJson: InvalidJsonMessage): { value: unknown } | { error: string } {
  switch (field.kind) {
    case 'number': {
      const value = Number(text);
      return Number.isFinite(value) ? { value } : { error: `${field.label} must be a number` };
    }
    case 'boolean':
      return { value: text === 'true' };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: invalidJson(field) };
      }
    default:
      return { value: text };
  }
}

/**
 * Reads one request part from the form: unset fields are left out (so the server's defaults apply),
 * a required one that is unset is an error, numbers, booleans and JSON fields are converted.
 */
export function readPart(
  fields: readonly FormField[],
  values: FormValues,
  required: RequiredMessage = isRequiredMessage,
  invalidJson: InvalidJsonMessage = invalidJsonMessage,
): PartResult {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (text.trim() === '') {
      if (field.required) return { ok: false, error: required(field) };
      continue;
    }
    const converted = convert(field, text, invalidJson);
    if ('error' in converted) return { ok: false, error: converted.error };
    setAt(out, field.name, converted.value);
    any = true;
  }
  return { ok: true, value: any ? out : undefined };
}

/** Parses the raw-JSON editor: an object, or 'Invalid JSON'. */
export function parseRawJson(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // Falls through to the one message the page shows for any unreadable JSON.
  }
  return { ok: false, error: 'Invalid JSON' };
}
