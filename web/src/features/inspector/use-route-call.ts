import { useCallback, useState } from 'react';
import type { RouteDef, RouteRequest, UploadRouteDef } from '@cui/contract';
import { apiCall, apiUpload } from '@/app/api-client';
import { toError } from '@/app/use-api-query';
import type { AnyRequest } from './route-request';

/** The state of the last call a section made: its answer or its error message. */
export type CallState = { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: unknown } | { status: 'failed'; error: string };

/** Files picked for an upload route's parts; an empty record sends JSON instead. */
export type PickedFiles = Readonly<Record<string, File>>;

function send(route: RouteDef, request: AnyRequest, files: PickedFiles): Promise<unknown> {
  const { fields, ...rest } = request;
  if (route.upload && route.response && Object.keys(files).length > 0) {
    const upload: UploadRouteDef = { ...route, upload: route.upload, response: route.response, emits: undefined };
    const text = Object.fromEntries(Object.entries(fields ?? {}).map(([key, value]) => [key, String(value)]));
    return apiUpload(upload, { ...(rest as RouteRequest<UploadRouteDef>), fields: text, files: { ...files } });
  }
  return apiCall(route, rest as RouteRequest<RouteDef>);
}

/** Sends any route of the table through the typed API client and keeps the answer (or the error message) as state. */
export function useRouteCall() {
  const [state, setState] = useState<CallState>({ status: 'idle' });
  const call = useCallback(async (route: RouteDef, request: AnyRequest, files: PickedFiles = {}) => {
    setState({ status: 'pending' });
    try {
      setState({ status: 'done', value: await send(route, request, files) });
    } catch (caught) {
      // Not swallowed: the failure is the section's error field.
      setState({ status: 'failed', error: toError(caught).message });
    }
  }, []);
  const fail = useCallback((error: string) => setState({ status: 'failed', error }), []);
  return { state, call, fail };
}
