import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { Logger } from 'pino';
import { AppError } from '../../platform/app-error';
import { registerStreamRoute } from '../../platform/http';
import { openNdjsonResponse } from '../../platform/ndjson-response';
import type { RunManager } from './run-manager';

/** Comment lines keep idle connections (and proxies) from timing out; clients skip lines starting with ':'. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * GET /api/stream/:streamingId — NDJSON: `connected`, then every event of the run from `?from=` (default 0),
 * then live events until `closed`, after which the response ends. Any number of viewers; a viewer that
 * disconnects never affects the run.
 */
export function registerStreamRoutes(app: FastifyInstance, deps: { runs: Pick<RunManager, 'find' | 'wasDropped'>; logger: Logger; heartbeatMs?: number }): void {
  const logger = deps.logger.child({ component: 'stream' });
  registerStreamRoute(app, routes.stream.stream, ({ params, query, reply }) => {
    const { streamingId } = params;
    const run = deps.runs.find(streamingId);
    if (!run) {
      if (deps.runs.wasDropped(streamingId)) {
        throw new AppError('run.finished', `Run ${streamingId} has finished and its live events are no longer kept; open the conversation to read its history`);
      }
      throw new AppError('run.not_found', `No run with streaming id ${streamingId}`);
    }
    const res = openNdjsonResponse(reply);
    res.write(`${JSON.stringify({ type: 'connected', streamingId, timestamp: new Date().toISOString() })}\n`);
    logger.info({ streamingId, from: query.from ?? 0, finished: !run.isLive() }, 'stream viewer connected');

    let unsubscribe: () => void = () => undefined;
    const heartbeat = setInterval(() => res.write(': heartbeat\n'), deps.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
    const cleanup = (): void => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    res.on('close', () => {
      cleanup();
      logger.debug({ streamingId }, 'stream viewer disconnected');
    });
    unsubscribe = run.log.subscribe(query.from ?? 0, {
      line: (line) => {
        if (!res.destroyed) res.write(line);
      },
      end: () => {
        cleanup();
        res.end();
      },
    });
  });
}
