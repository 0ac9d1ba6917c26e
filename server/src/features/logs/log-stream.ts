import type { ServerResponse } from 'node:http';
import type { LogBuffer } from '../../platform/log-buffer';
import { createOpenStreams } from '../../platform/open-streams';

/** Interval of the `: heartbeat` comment lines that keep proxies and idle timers from closing the stream. */
export const LOG_HEARTBEAT_MS = 15_000;

/** A client that reads this slowly is dropped rather than buffered without bound. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export interface LogStreamHub {
  /**
   * Streams every new log line to `res` as `data: <raw line>\n\n` (text/event-stream), with heartbeat comments,
   * until the client goes or `closeAll` runs. Nothing else is sent as `data:` (the panel would show it as an entry).
   */
  open(res: ServerResponse): void;
  /** Ends every open stream (server shutdown: otherwise close() would wait for them forever). */
  closeAll(): void;
  /** Open streams. */
  size(): number;
}

export function createLogStreamHub(deps: { logBuffer: LogBuffer; heartbeatMs?: number }): LogStreamHub {
  const streams = createOpenStreams();
  return {
    open(res) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      streams.attach(res, {
        // A comment, not a `data:` line: it flushes the headers without adding a fake entry to the panel.
        first: ': connected\n\n',
        subscribe: (send) => deps.logBuffer.subscribe((line) => send(`data: ${line}\n\n`)),
        heartbeat: ': heartbeat\n\n',
        heartbeatMs: deps.heartbeatMs ?? LOG_HEARTBEAT_MS,
        maxPendingBytes: MAX_PENDING_BYTES,
      });
    },
    closeAll: streams.closeAll,
    size: streams.size,
  };
}
