import type { WaitingPermission, WaitingPermissionsEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { routeUrl } from '@/app/api-client';
import { createStreamReader, fetchTransport, fixedRetry } from '@/app/stream';

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
function isEmptyList(json: unknown): boolean {
  const event = json as { type?: unknown; permissions?: unknown } | null;
  return typeof event === 'object' && event !== null && event.type === 'waiting' && Array.isArray(event.permissions) && event.permissions.length === 0;
}

/**
 * Decodes one payload as the contract's event (heartbeats are the reader's); anything else is skipped. The schema is
 * loaded with the first list that is not empty.
 */
function waitingDecoder(): (payload: string) => Promise<WaitingPermission[] | undefined> {
  let schema: WaitingSchema | undefined;
  return async (payload) => {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return undefined;
    }
    if (isEmptyList(json)) return [];
    schema ??= await loadSchema();
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data.permissions;
    console.warn('Skipping an unexpected inbox line:', payload.slice(0, 200));
    return undefined;
  };
}

/**
 * The inbox stream through the stream reader: reopened 5 s after it ends or fails; a 401 sends the user back to the
 * login screen, as for every other call (no retrying a rejected token).
 */
export function createWaitingSource(deps: WaitingSourceDeps): WaitingSource {
  return createStreamReader({
    url: () => routeUrl(routes.inbox.waiting),
    decode: waitingDecoder(),
    onMessages: (lists) => lists.forEach(deps.onList),
    retry: fixedRetry(WAITING_RETRY_MS),
    timers: { set: deps.setTimer, clear: deps.clearTimer },
    transport: fetchTransport({ fetchFn: deps.fetchFn, headers: deps.headers }),
  });
}
