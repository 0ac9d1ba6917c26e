import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute, registerStreamRoute } from '../../platform/http';
import { createLogStreamHub } from './log-stream';
import type { Feature } from '../../platform/feature';

export { createLogStreamHub, LOG_HEARTBEAT_MS, type LogStreamHub } from './log-stream';

/** How many entries GET /api/logs/recent returns without `limit` (the panel asks for 100). */
export const DEFAULT_RECENT_LOGS = 100;

/** GET /api/logs/recent and GET /api/logs/stream (the log monitor panel). */
export function registerLogRoutes(app: FastifyInstance, deps: Pick<PlatformDeps, 'logBuffer' | 'logger'>): void {
  const hub = createLogStreamHub({ logBuffer: deps.logBuffer });
  const log = deps.logger.child({ component: 'logs' });

  registerRoute(app, routes.logs.recent, ({ query }) => ({ logs: deps.logBuffer.recent(query.limit ?? DEFAULT_RECENT_LOGS) }));
  registerStreamRoute(app, routes.logs.stream, ({ request, reply }) => {
    reply.hijack();
    hub.open(reply.raw);
    log.debug({ requestId: request.id, clients: hub.size() }, 'log stream client connected');
    reply.raw.on('close', () => log.debug({ requestId: request.id, clients: hub.size() }, 'log stream client disconnected'));
  });
  app.addHook('preClose', async () => hub.closeAll());
}

/** GET /api/logs/recent and the log stream. */
export function logsFeature({ platform }: { platform: PlatformDeps }): Feature {
  return { name: 'logs', register: (app) => registerLogRoutes(app, platform) };
}
