import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { Logger } from 'pino';
import type { EventBus } from '../../platform/bus';
import { registerStreamRoute } from '../../platform/http';
import { summarizeToolInput } from '../notifications/index';
import { createWaitingList, type WaitingListDeps } from './waiting-list';
import { createWaitingStreamHub } from './waiting-stream';
import type { LiveRuns, PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';

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

export interface InboxFeatureDeps {
  platform: PlatformDeps;
  runs: LiveRuns & { permissions: InboxRouteDeps['permissions'] };
  /** The session list's titles (see SessionIndex.titleOf). */
  sessions: { titleOf(sessionId: string, fallback?: { resumedFrom?: string; prompt?: string }): string };
}

/** GET /api/permissions/waiting: the requests waiting across all runs, each under its session's title. */
export function inboxFeature({ platform, runs, sessions }: InboxFeatureDeps): Feature {
  // A run's prompt (or the session it resumed) until the index knows the session's title.
  const sessionTitle = (sessionId: string): string => {
    const run = runs.bySession(sessionId);
    return sessions.titleOf(sessionId, run ? { prompt: run.initialPrompt, ...(run.resumedFrom ? { resumedFrom: run.resumedFrom } : {}) } : {});
  };
  return { name: 'inbox', register: (app) => registerInboxRoutes(app, { ...platform, permissions: runs.permissions, sessionTitle }) };
}
