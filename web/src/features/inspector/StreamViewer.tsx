import type { FormEvent } from 'react';
import type { RouteDef } from '@cui/contract';
import { Button } from '@/ui';
import { CopyButton } from '@/ui';
import { ErrorField } from './ErrorField';
import { FieldInput } from './FieldInput';
import { RoutePicker } from './RoutePicker';
import { readRequest, valueKey } from './route-request';
import type { RequiredMessage } from './form-values';
import { StreamItems } from './StreamItems';
import { useRouteForm } from './use-route-form';
import { useStreamViewer } from './use-stream-viewer';

/** Spec §5: an empty streaming id reads 'Please enter a streaming ID'. */
const pleaseEnter: RequiredMessage = (field) => `Please enter a ${field.label.charAt(0).toLowerCase()}${field.label.slice(1)}`;

const STATUS_TEXT = { idle: 'Not connected', streaming: 'Streaming...', ended: 'Stream ended', stopped: 'Stream stopped' } as const;

/** The live stream viewer: any streaming route of the table, events shown as they arrive, each checked against the route's schema. */
export function StreamViewer({ routes }: { routes: readonly RouteDef[] }) {
  const form = useRouteForm(routes);
  const viewer = useStreamViewer();
  const { route } = form;
  if (!route) return null;
  const start = (event: FormEvent) => {
    event.preventDefault();
    const read = readRequest(form.forms, form.values, pleaseEnter);
    if (!read.ok) return viewer.fail(read.error);
    viewer.start(route, read.request);
  };
  return (
    <form className="flex min-w-0 flex-col gap-3" onSubmit={start} noValidate>
      <RoutePicker label="Stream" routes={routes} value={route.name} onPick={form.select} />
      {form.forms.flatMap(({ part, fields }) =>
        fields.map((field) => (
          <FieldInput key={valueKey(part, field.name)} field={field} value={form.values[valueKey(part, field.name)] ?? ''} onChange={(value) => form.setValue(valueKey(part, field.name), value)} />
        )),
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={viewer.status === 'streaming'}>Start Stream</Button>
        <Button type="button" onClick={viewer.stop} disabled={viewer.status !== 'streaming'}>Stop Stream</Button>
        <Button type="button" variant="ghost" onClick={viewer.clear}>Clear</Button>
        <CopyButton label="Copy Stream" text={() => viewer.items.map((item) => item.raw).join('\n')} />
        <span role="status" className="text-xs text-neutral-600 dark:text-neutral-400">{`${STATUS_TEXT[viewer.status]} · ${viewer.items.length} events`}</span>
      </div>
      <ErrorField message={viewer.error} />
      <StreamItems items={viewer.items} />
    </form>
  );
}
