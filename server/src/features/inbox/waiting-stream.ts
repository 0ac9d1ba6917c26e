import type { ServerResponse } from 'node:http';
import type { WaitingPermission, WaitingPermissionsEvent } from '@cui/contract';
import { createOpenStreams } from '../../platform/open-streams';
import type { WaitingList } from './waiting-list';

/** Comment lines keep idle connections (and proxies) from timing out; clients skip lines starting with ':'. */
export const WAITING_HEARTBEAT_MS = 15_000;

/** A page that reads this slowly is dropped rather than buffered without bound (it reconnects and gets the list). */
const MAX_PENDING_BYTES = 1024 * 1024;

/** The open inbox streams: each gets the list at once, then again on every change. */
export interface WaitingStreamHub {
  /** Streams the list to `res` as NDJSON until the client goes or `closeAll` runs; `headers` are kept (CORS, security). */
  open(res: ServerResponse, headers: Record<string, string | string[] | number>): void;
  /** Ends every open stream (server shutdown: close() would otherwise wait for them). */
  closeAll(): void;
  size(): number;
}

const line = (permissions: WaitingPermission[]): string => `${JSON.stringify({ type: 'waiting', permissions } satisfies WaitingPermissionsEvent)}\n`;

export function createWaitingStreamHub(deps: { list: WaitingList; heartbeatMs?: number }): WaitingStreamHub {
  const streams = createOpenStreams();
  return {
    open(res, headers) {
      res.writeHead(200, {
        ...headers,
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      streams.attach(res, {
        first: line(deps.list.current()),
        subscribe: (send) => deps.list.subscribe((waiting) => send(line(waiting))),
        heartbeat: ': heartbeat\n',
        heartbeatMs: deps.heartbeatMs ?? WAITING_HEARTBEAT_MS,
        maxPendingBytes: MAX_PENDING_BYTES,
      });
    },
    closeAll: streams.closeAll,
    size: streams.size,
  };
}
