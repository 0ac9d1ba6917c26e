import type { ServerResponse } from 'node:http';

/** How one long-lived response is fed: what it gets first, what it gets later, and its keep-alive line. */
export interface StreamFeed {
  /** Written at once (a snapshot, or a comment that flushes the headers). */
  first?: string;
  /** Starts delivering text through `send`; returns the unsubscribe function. */
  subscribe(send: (text: string) => void): () => void;
  /** The heartbeat text (a comment line in the stream's framing) and how often it goes. */
  heartbeat: string;
  heartbeatMs: number;
  /** A client that reads this slowly is dropped rather than buffered without bound. */
  maxPendingBytes: number;
}

/** The open responses of one streaming route: each fed until its client goes, all ended on shutdown. */
export interface OpenStreams {
  /** Feeds `res` (its head already written) until the client goes or `closeAll` runs. */
  attach(res: ServerResponse, feed: StreamFeed): void;
  /** Ends every open stream (server shutdown: close() would otherwise wait for them forever). */
  closeAll(): void;
  size(): number;
}

export function createOpenStreams(): OpenStreams {
  const open = new Set<() => void>();
  return {
    attach(res, feed) {
      const send = (text: string): void => {
        if (res.writableEnded || res.destroyed) return;
        if (res.writableLength > feed.maxPendingBytes) {
          res.destroy();
          return;
        }
        res.write(text);
      };
      if (feed.first !== undefined) send(feed.first);
      const unsubscribe = feed.subscribe(send);
      const heartbeat = setInterval(() => send(feed.heartbeat), feed.heartbeatMs);
      heartbeat.unref();
      let stopped = false;
      const stop = (): void => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        clearInterval(heartbeat);
        open.delete(stop);
        if (!res.writableEnded) res.end();
      };
      open.add(stop);
      res.on('close', stop);
      res.on('error', stop);
    },
    closeAll: () => {
      for (const stop of [...open]) stop();
    },
    size: () => open.size,
  };
}
