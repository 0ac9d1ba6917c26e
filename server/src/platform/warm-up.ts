import type { FastifyInstance } from 'fastify';

export interface WarmUpOptions {
  /** The background work (e.g. loading the Agent SDK module, asking the CLI its version); run at most once. */
  warmUp: () => void;
  /** How long after listening it waits for a first request before running anyway. */
  idleMs: number;
}

/**
 * Runs `warmUp` once the server has sent its first answer, or `idleMs` after it listens if no request comes, never
 * after it closes. Serve first (issue 11, start-up): the Agent SDK module alone is ~0.2 s of compile and evaluation on
 * the main thread, and a launch's first request, arriving meanwhile, waited for it.
 */
export function installWarmUp(app: FastifyInstance, { warmUp, idleMs }: WarmUpOptions): void {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    warmUp();
  };
  app.addHook('onListen', () => {
    if (done) return;
    timer = setTimeout(run, idleMs);
    timer.unref();
  });
  // After the response has gone out, and after the I/O callbacks already queued (setImmediate).
  app.addHook('onResponse', async () => {
    if (!done) setImmediate(run);
  });
  app.addHook('onClose', async () => {
    done = true;
    clearTimeout(timer);
  });
}
