import { isStreamRoute, type RouteDef } from '@cui/contract';
import { formFields, type FormField } from './schema-form';
import { invalidJsonMessage, isRequiredMessage, readPart, type FormValues, type InvalidJsonMessage, type RequiredMessage } from './form-values';

/** The parts of a request a form edits; `fields` are the text parts of a multipart upload. */
export type RoutePart = 'params' | 'query' | 'body' | 'fields';

export interface PartForm {
  part: RoutePart;
  fields: FormField[];
}

/** What the page sends for any route: each part optional, as the route table's schemas take them. */
export type AnyRequest = Partial<Record<RoutePart, Record<string, unknown>>>;

/** The forms of a route, from its schemas (query as its coerced output, the rest as input). */
export function routeForms(route: RouteDef): PartForm[] {
  const forms: PartForm[] = [
    { part: 'params', fields: formFields(route.params) },
    { part: 'query', fields: formFields(route.query, 'output') },
    { part: 'body', fields: formFields(route.body) },
    { part: 'fields', fields: formFields(route.upload?.fields) },
  ];
  return forms.filter((form) => form.fields.length > 0);
}

/** The key of a field in the page's one map of typed values: part and dotted name. */
export function valueKey(part: RoutePart, name: string): string {
  return `${part}:${name}`;
}

function partValues(values: FormValues, part: RoutePart): FormValues {
  const prefix = `${part}:`;
  return Object.fromEntries(Object.entries(values).filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
}

/** Reads every part of a route's form; the first problem (e.g. 'Session ID is required') stops it. */
export function readRequest(
  forms: readonly PartForm[],
  values: FormValues,
  required: RequiredMessage = isRequiredMessage,
  invalidJson: InvalidJsonMessage = invalidJsonMessage,
): { ok: true; request: AnyRequest } | { ok: false; error: string } {
  const request: AnyRequest = {};
  for (const form of forms) {
    const result = readPart(form.fields, partValues(values, form.part), required, invalidJson);
    if (!result.ok) return result;
    if (result.value) request[form.part] = result.value;
  }
  return { ok: true, request };
}

/** Routes the 'All routes' form sends (one JSON answer each); streaming routes open in the stream viewer. */
export function formRoutes(all: readonly RouteDef[]): RouteDef[] {
  return all.filter((route) => !isStreamRoute(route));
}

/** Routes the stream viewer reads. */
export function streamRoutes(all: readonly RouteDef[]): RouteDef[] {
  return all.filter(isStreamRoute);
}
