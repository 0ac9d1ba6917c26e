import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { Logger } from 'pino';
import type { EventBus } from '../../platform/bus';
import { registerStreamRoute } from '../../platform/http';
import { summarizeToolInput } from '../notifications/index';
import { createWaitingList, type WaitingListDeps } from './waiting-list';
import { createWaitingStreamHub } from './waiting-stream';

/** The "needs you" inbox: the permission requests waiting across all runs, live. */
export { createWaitingList, type PendingPermissions, type WaitingList, type WaitingListDeps } from './waiting-list';
export { createWaitingStreamHub, WAITING_HEARTBEAT_MS, type WaitingStreamHub } from './waiting-stream';

export interface InboxRouteDeps extends Omit<WaitingListDeps, 'summarize'> {
  logger: Logger;
  bus: EventBus;
  heartbeatMs?: number;
}

/** GET /api/permissions/waiting: the list now, then on every change, with heartbeats; ended on shutdown. */
export function registerInboxRoutes(app: FastifyInstance, deps: InboxRouteDeps): void {
  // The same short summary a permission's notification carries: a file's name, a command, a pattern…
  const list = createWaitingList({ ...deps, summarize: summarizeToolInput });
  const hub = createWaitingStreamHub({ list, heartbeatMs: deps.heartbeatMs });
  const log = deps.logger.child({ component: 'inbox' });
  registerStreamRoute(app, routes.inbox.waiting, ({ request, reply }) => {
    reply.hijack();
    // Headers hooks already set on the reply (CORS, security) would be lost with a hijacked response.
    hub.open(reply.raw, reply.getHeaders() as Record<string, string | string[] | number>);
    log.debug({ requestId: request.id, clients: hub.size() }, 'inbox stream opened');
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => list.close());
}
