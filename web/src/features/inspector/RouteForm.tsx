import type { FormEvent } from 'react';
import type { RouteDef } from '@cui/contract';
import { Button, Textarea } from '@/ui';
import { ErrorField } from './ErrorField';
import { FieldInput } from './FieldInput';
import { JsonViewer } from './JsonViewer';
import { invalidJsonMessage, isRequiredMessage, parseRawJson, type FormValues, type InvalidJsonMessage, type RequiredMessage } from './form-values';
import { RoutePicker } from './RoutePicker';
import { readRequest, valueKey, type AnyRequest } from './route-request';
import { UploadInputs } from './UploadInputs';
import { useRouteCall } from './use-route-call';
import { rawSkeleton, useRouteForm } from './use-route-form';

/** Only the request parts out of a raw-JSON object (anything else the user typed is ignored). */
function pickParts(value: Record<string, unknown>): AnyRequest {
  const request: AnyRequest = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const partValue = value[part];
    if (typeof partValue === 'object' && partValue !== null) request[part] = partValue as Record<string, unknown>;
  }
  return request;
}

/**
 * An upload route sent without a file goes as JSON, whose body must then carry the content itself (transcribe's base64
 * audio): checked against the route's body schema here, so the form asks for a file or the data ('Please provide an
 * audio file or base64 data') instead of sending an empty request.
 */
function missingUpload(route: RouteDef, request: AnyRequest): string | undefined {
  if (!route.upload || !route.body) return undefined;
  const parsed = route.body.safeParse(request.body ?? {});
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export interface RouteFormProps {
  routes: readonly RouteDef[];
  /** What the form starts with, by `valueKey` (e.g. the start form's '/tmp' and 'Hello'). */
  defaults?: FormValues;
  /** Fields (by `valueKey`) edited as long text with a character count. */
  longText?: readonly string[];
  /** What a missing required field says, by field name ('{Label} is required' otherwise). */
  requiredMessages?: Readonly<Record<string, string>>;
  /** What a JSON field that does not parse says, by field name ('{Label}: Invalid JSON' otherwise). */
  invalidJsonMessages?: Readonly<Record<string, string>>;
}

/** A section's form: pick one of its routes, fill the form generated from its schemas (or raw JSON), send, see the answer. */
export function RouteForm({ routes, defaults, longText, requiredMessages, invalidJsonMessages }: RouteFormProps) {
  const form = useRouteForm(routes, defaults);
  const { state, call, fail } = useRouteCall();
  const { route } = form;
  if (!route) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An upload route sends its multipart text fields with a picked file, and its JSON body without one.
    const multipart = Object.keys(form.files).length > 0;
    const forms = form.forms.filter((candidate) => candidate.part !== (multipart ? 'body' : 'fields'));
    const required: RequiredMessage = (field) => requiredMessages?.[field.name] ?? isRequiredMessage(field);
    const invalidJson: InvalidJsonMessage = (field) => invalidJsonMessages?.[field.name] ?? invalidJsonMessage(field);
    const read = form.raw === undefined ? readRequest(forms, form.values, required, invalidJson) : parseRawJson(form.raw);
    if (!read.ok) return fail(read.error);
    const request = 'request' in read ? read.request : pickParts(read.value);
    const missing = multipart ? undefined : missingUpload(route, request);
    if (missing) return fail(missing);
    void call(route, request, form.files);
  };
  return (
    <form className="flex min-w-0 flex-col gap-3" onSubmit={submit} noValidate>
      {routes.length > 1 ? (
        <RoutePicker label="Route" routes={routes} value={route.name} onPick={form.select} />
      ) : (
        <code className="text-xs break-all text-neutral-700 dark:text-neutral-300">{`${route.method} ${route.path}`}</code>
      )}
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{route.summary}</p>
      {form.raw === undefined ? (
        form.forms.map(({ part, fields }) => (
          <fieldset key={part} className="flex min-w-0 flex-col gap-2 rounded-md border border-neutral-200 p-2 dark:border-neutral-700">
            <legend className="px-1 text-xs text-neutral-500 dark:text-neutral-400">{part}</legend>
            {fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                long={longText?.includes(valueKey(part, field.name))}
                value={form.values[valueKey(part, field.name)] ?? ''}
                onChange={(value) => form.setValue(valueKey(part, field.name), value)}
              />
            ))}
          </fieldset>
        ))
      ) : (
        <Textarea aria-label="Raw JSON request" className="min-h-32 font-mono text-xs" value={form.raw} onChange={(event) => form.setRaw(event.target.value)} />
      )}
      {route.upload && form.raw === undefined ? <UploadInputs upload={route.upload} onPick={form.setFile} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={state.status === 'pending'}>
          {state.status === 'pending' ? 'Sending...' : 'Send'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => form.setRaw(form.raw === undefined ? rawSkeleton(form.forms) : undefined)}>
          {form.raw === undefined ? 'Raw JSON' : 'Form'}
        </Button>
      </div>
      <ErrorField message={state.status === 'failed' ? state.error : undefined} />
      {state.status === 'done' ? <JsonViewer value={state.value} label={`${route.name} result`} /> : null}
    </form>
  );
}
