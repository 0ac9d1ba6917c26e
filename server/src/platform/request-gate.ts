import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Lets background work (the index's slices) give way to requests: between two slices it waits until no request is
 * being handled, so that a request that needs a few event-loop turns (reading its body, a file, the database) is not
 * held back a slice at each turn. A request counts from its arrival until its reply is sent, or until it is aborted;
 * a stream counts until its headers go out, not for as long as it stays open.
 */
export interface RequestGate {
  /** Resolves after one turn of the event loop once no request is being handled, or `maxWaitMs` later at most. */
  idle(): Promise<void>;
  /** Counts the app's requests (before its routes are registered). */
  install(app: FastifyInstance): void;
}

/** The longest a slice waits for requests: a steady stream of them slows the background work, never stops it. */
export const REQUEST_GATE_MAX_WAIT_MS = 50;

export function createRequestGate(maxWaitMs = REQUEST_GATE_MAX_WAIT_MS): RequestGate {
  /** Each request being handled, with its response: one whose head went out is done (a stream taken over by hand). */
  const active = new Map<FastifyRequest, ServerResponse>();
  const waiters = new Set<() => void>();
  const done = (request: FastifyRequest): void => {
    if (!active.delete(request) || active.size > 0) return;
    for (const wake of [...waiters]) wake();
  };
  /**
   * Whether a request is still being handled. A stream the route took over (reply.hijack: the run, follow, inbox
   * and logs streams) never reaches onSend or onResponse while it stays open, so its written head is what ends it:
   * counted as busy, every open stream held each slice of the index back the gate's longest wait.
   */
  const busy = (): boolean => {
    for (const [request, response] of active) if (response.headersSent) active.delete(request);
    return active.size > 0;
  };
  return {
    idle: () =>
      new Promise<void>((resolve) => {
        setImmediate(() => {
          if (!busy()) return resolve();
          const wake = (): void => {
            clearTimeout(timer);
            waiters.delete(wake);
            // The reply was handed to the socket: its write callbacks run first.
            setImmediate(resolve);
          };
          const timer = setTimeout(wake, maxWaitMs);
          waiters.add(wake);
        });
      }),
    install(app) {
      app.addHook('onRequest', async (request, reply) => {
        active.set(request, reply.raw);
      });
      app.addHook('onSend', async (request, _reply, payload) => {
        done(request);
        return payload;
      });
      app.addHook('onResponse', async (request) => done(request));
      app.addHook('onRequestAbort', async (request) => done(request));
    },
  };
}
