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

/** Each complete line that parses as the contract's event gives the list; heartbeats and anything else are skipped. */
function listsOf(lines: string[], schema: typeof WaitingPermissionsEvent): WaitingPermission[][] {
  const lists: WaitingPermission[][] = [];
  for (const line of lines) {
    if (line.trim() === '' || line.startsWith(':')) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) lists.push(parsed.data.permissions);
    else console.warn('Skipping an unexpected inbox line:', line.slice(0, 200));
  }
  return lists;
}

async function read(deps: WaitingSourceDeps, signal: AbortSignal): Promise<void> {
  const response = await deps.fetchFn(routeUrl(routes.inbox.waiting), { headers: deps.headers(), signal });
  // A 401 also sends the user back to the login screen, as for every other call (no retrying a rejected token).
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new Error('No response body');
  // The schema (and zod with it) from its own chunk, fetched once a list is first read: not in the pages' first load.
  const schema = await import('@cui/contract').then((contract) => contract.WaitingPermissionsEvent);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const list of listsOf(splitter.push(value), schema)) deps.onList(list);
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
