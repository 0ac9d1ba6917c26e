import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RouteHead, RouteRequest, RouteResponse } from '@cui/contract';
import { apiCall, routeUrl } from './api-client';

/** One route's answer as component state: what every screen loads with (see docs/architecture.md). */
export interface ApiQuery<T> {
  /** The answer for the current request; undefined until it arrives, and again after the request changes. */
  data: T | undefined;
  /** Why the last load of the current request failed (an ApiError for HTTP errors); cleared by the next success. */
  error: Error | undefined;
  /** True while a load of the current request is in flight. */
  loading: boolean;
  /** Loads again, keeping the current data until the new answer arrives. */
  refetch(): void;
  /** Replaces the data locally, e.g. with what a mutation answered. */
  setData(update: (current: T | undefined) => T): void;
}

export interface ApiQueryOptions {
  /** False: nothing is loaded (and the request may be incomplete). Default true. */
  enabled?: boolean;
}

interface Settled<T> {
  key: string;
  round: number;
  data: T | undefined;
  error: Error | undefined;
}

export const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Loads one route of the table whenever its request (method, params, query) changes, and on `refetch`.
 * A superseded or unmounted load is aborted and its answer dropped, so a slow old answer never overwrites
 * a newer one.
 */
export function useApiQuery<D extends RouteHead>(def: D, request: RouteRequest<D> = {}, options: ApiQueryOptions = {}): ApiQuery<RouteResponse<D>> {
  const enabled = options.enabled ?? true;
  const key = enabled ? `${def.method} ${routeUrl(def, request)}` : '';
  // The request object is new on every render; the key says when it really changed.
  const latest = useRef(request);
  useLayoutEffect(() => {
    latest.current = request;
  });
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<RouteResponse<D>>>({ key: '', round: -1, data: undefined, error: undefined });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    apiCall(def, latest.current, { signal: controller.signal }).then(
      (data) => setSettled({ key, round, data, error: undefined }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled((s) => ({ key, round, data: s.key === key ? s.data : undefined, error: toError(error) }));
      },
    );
    return () => controller.abort();
  }, [def, key, round, enabled]);

  const refetch = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback(
    (update: (current: RouteResponse<D> | undefined) => RouteResponse<D>) => setSettled((s) => (s.key === key ? { ...s, data: update(s.data) } : s)),
    [key],
  );
  const current = enabled && settled.key === key;
  return {
    data: current ? settled.data : undefined,
    error: current ? settled.error : undefined,
    loading: enabled && (!current || settled.round !== round),
    refetch,
    setData,
  };
}
