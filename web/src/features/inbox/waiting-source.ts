import type { WaitingPermission, WaitingPermissionsEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { routeUrl } from '@/app/api-client';
import { createStreamReader, fetchTransport, fixedRetry, jsonDecoder } from '@/app/stream';

/** After a drop or a failed open, the next attempt comes this much later (spec §9's stream reconnect delay). */
export const WAITING_RETRY_MS = 5000;

export interface WaitingSourceDeps {
  fetchFn: typeof fetch;
  headers: () => Headers;
  /** The whole list, each time the server sends it. */
  onList: (waiting: WaitingPermission[]) => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/** One connection to GET /api/permissions/waiting: opened by `start`, reopened after drops, ended by `stop`. */
export interface WaitingSource {
  start(): void;
  stop(): void;
}

type WaitingSchema = typeof WaitingPermissionsEvent;

/** The contract's schema (and zod with it) from its own chunk: not in the pages' first load. */
const loadSchema = (): Promise<WaitingSchema> => import('@cui/contract').then((contract) => contract.WaitingPermissionsEvent);

/** `{type: 'waiting', permissions: []}`: nothing waits (the usual answer), known without the schema. */
function emptyList(json: unknown): WaitingPermissionsEvent | undefined {
  const event = json as { type?: unknown; permissions?: unknown } | null;
  const empty = typeof event === 'object' && event !== null && event.type === 'waiting' && Array.isArray(event.permissions) && event.permissions.length === 0;
  return empty ? { type: 'waiting', permissions: [] } : undefined;
}

/**
 * Decodes one payload as the contract's event (heartbeats are the reader's); anything else is skipped. The schema is
 * loaded with the first list that is not empty.
 */
const waitingDecoder = () =>
  jsonDecoder<WaitingPermissionsEvent>({
    schema: loadSchema,
    fast: emptyList,
    onSkip: (payload, reason) => reason === 'schema' && console.warn('Skipping an unexpected inbox line:', payload.slice(0, 200)),
  });

/**
 * The inbox stream through the stream reader: reopened 5 s after it ends or fails; a 401 sends the user back to the
 * login screen, as for every other call (no retrying a rejected token).
 */
export function createWaitingSource(deps: WaitingSourceDeps): WaitingSource {
  return createStreamReader({
    url: () => routeUrl(routes.inbox.waiting),
    decode: waitingDecoder(),
    onMessages: (events) => events.forEach((event) => deps.onList(event.permissions)),
    retry: fixedRetry(WAITING_RETRY_MS),
    timers: { set: deps.setTimer, clear: deps.clearTimer },
    transport: fetchTransport({ fetchFn: deps.fetchFn, headers: deps.headers }),
  });
}
