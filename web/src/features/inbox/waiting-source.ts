import type { WaitingPermission, WaitingPermissionsEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { errorFromResponse, routeUrl } from '@/app/api-client';
import { createLineSplitter } from '@/features/live-run';

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
 * Hands each line that parses as the contract's event to `onList`; heartbeats and anything else are skipped. The
 * schema is loaded with the first list that is not empty.
 */
function createLineReader(onList: (waiting: WaitingPermission[]) => void): (line: string) => Promise<void> {
  let schema: WaitingSchema | undefined;
  return async (line) => {
    if (line.trim() === '' || line.startsWith(':')) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return;
    }
    if (isEmptyList(json)) return onList([]);
    schema ??= await loadSchema();
    const parsed = schema.safeParse(json);
    if (parsed.success) onList(parsed.data.permissions);
    else console.warn('Skipping an unexpected inbox line:', line.slice(0, 200));
  };
}

async function read(deps: WaitingSourceDeps, signal: AbortSignal): Promise<void> {
  const response = await deps.fetchFn(routeUrl(routes.inbox.waiting), { headers: deps.headers(), signal });
  // A 401 also sends the user back to the login screen, as for every other call (no retrying a rejected token).
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new Error('No response body');
  const readLine = createLineReader(deps.onList);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const line of splitter.push(value)) await readLine(line);
  }
}

export function createWaitingSource(deps: WaitingSourceDeps): WaitingSource {
  let controller: AbortController | undefined;
  let timer: unknown;
  const open = (): void => {
    if (controller) return;
    const current = new AbortController();
    controller = current;
    // Ended or failed (the server restarted, the network dropped): try again later, unless stopped meanwhile.
    const retry = (): void => {
      if (controller !== current || current.signal.aborted) return;
      controller = undefined;
      timer = deps.setTimer(() => {
        timer = undefined;
        open();
      }, WAITING_RETRY_MS);
    };
    read(deps, current.signal).then(retry, retry);
  };
  return {
    start: open,
    stop() {
      controller?.abort();
      controller = undefined;
      if (timer !== undefined) deps.clearTimer(timer);
      timer = undefined;
    },
  };
}
