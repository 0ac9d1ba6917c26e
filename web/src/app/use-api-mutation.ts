import { useCallback, useState } from 'react';
import type { RouteHead, RouteRequest, RouteResponse } from '@cui/contract';
import { apiCall } from './api-client';
import { toError } from './use-api-query';

/** One route that changes something, as component state. */
export interface ApiMutation<D> {
  /** Sends the request: the answer, or undefined when it failed (`error` then says why). Never rejects. */
  mutate(request?: RouteRequest<D>): Promise<RouteResponse<D> | undefined>;
  /** True while any call is in flight (e.g. to show 'Archiving...'). */
  pending: boolean;
  /** Why the last call failed; cleared when the next one starts. */
  error: Error | undefined;
  reset(): void;
}

/** Calls one route of the table on demand, tracking whether a call is in flight and how the last one failed. */
export function useApiMutation<D extends RouteHead>(def: D): ApiMutation<D> {
  const [inFlight, setInFlight] = useState(0);
  const [error, setError] = useState<Error>();
  const mutate = useCallback(
    async (request: RouteRequest<D> = {}) => {
      setInFlight((n) => n + 1);
      setError(undefined);
      try {
        return await apiCall(def, request);
      } catch (caught) {
        // Not swallowed: the failure becomes the hook's `error` state, which the screen shows.
        setError(toError(caught));
        return undefined;
      } finally {
        setInFlight((n) => n - 1);
      }
    },
    [def],
  );
  const reset = useCallback(() => setError(undefined), []);
  return { mutate, pending: inFlight > 0, error, reset };
}
