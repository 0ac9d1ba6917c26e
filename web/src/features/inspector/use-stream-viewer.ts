import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { RouteDef, RouteRequest } from '@cui/contract';
import { routeUrl } from '@/app/api-client';
import { toError } from '@/app/use-api-query';
import { readStream } from '@/app/stream';
import { streamItem, type StreamItem } from './stream-items';
import type { AnyRequest } from './route-request';

/** The viewer keeps the newest items only, so a long log stream cannot grow the page without bound. */
export const MAX_STREAM_ITEMS = 2000;

export type StreamStatus = 'idle' | 'streaming' | 'ended' | 'stopped';

interface ViewerState {
  status: StreamStatus;
  items: StreamItem[];
  error: string | undefined;
}

type ViewerAction =
  | { type: 'start' }
  | { type: 'items'; items: StreamItem[] }
  | { type: 'end'; status: 'ended' | 'stopped'; error?: string }
  | { type: 'clear' }
  | { type: 'fail'; error: string };

function reduce(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'start':
      return { status: 'streaming', items: state.items, error: undefined };
    case 'items':
      return { ...state, items: [...state.items, ...action.items].slice(-MAX_STREAM_ITEMS) };
    case 'end':
      return { ...state, status: action.status, error: action.error };
    case 'clear':
      return { ...state, items: [], error: undefined };
    case 'fail':
      return { ...state, error: action.error };
  }
}

/** Reads one route through the stream reader; every item is kept, an invalid one marked (never dropped). */
function readInto(route: RouteDef, request: AnyRequest, signal: AbortSignal, onItems: (items: StreamItem[]) => void): Promise<void> {
  const emits = route.emits;
  if (!emits) return Promise.reject(new Error(`${route.name} is not a streaming route`));
  const target = { url: routeUrl(route, request as RouteRequest<RouteDef>), framing: emits.framing };
  return readStream({ target, signal, decode: (payload) => streamItem(payload, emits.schema), onMessages: onItems });
}

/** Reads one streaming route of the table at a time, validating every item against the route's declared schema. */
export function useStreamViewer() {
  const [state, dispatch] = useReducer(reduce, { status: 'idle', items: [], error: undefined });
  const controller = useRef<AbortController | undefined>(undefined);
  const stop = useCallback(() => controller.current?.abort(), []);
  useEffect(() => stop, [stop]);
  const start = useCallback(
    (route: RouteDef, request: AnyRequest) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      dispatch({ type: 'start' });
      // Only the current read may update the state: a stream replaced by a new Start ends quietly.
      const mine = (action: ViewerAction) => {
        if (controller.current === own) dispatch(action);
      };
      readInto(route, request, own.signal, (items) => mine({ type: 'items', items })).then(
        () => mine({ type: 'end', status: 'ended' }),
        // A stop is an abort: the viewer says 'stopped', not an error. Anything else is the error field.
        (caught: unknown) => mine(own.signal.aborted ? { type: 'end', status: 'stopped' } : { type: 'end', status: 'ended', error: toError(caught).message }),
      );
    },
    [],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const fail = useCallback((error: string) => dispatch({ type: 'fail', error }), []);
  return { ...state, start, stop, clear, fail };
}
