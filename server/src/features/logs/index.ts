import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';

export function registerLogRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  registerRoute(app, routes.logs.recent, ({ query }) => ({ logs: deps.logBuffer.recent(query.limit ?? 100) }));
  // GET /api/logs/stream: issue 2 (foundation helper).
}
