import type { FastifyInstance } from 'fastify';
import { formatZodError, routes, SessionParams } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import { registerRoute } from '../../platform/http';
import type { SessionIndex } from './session-index';
import type { SessionInfoStore } from './session-info-store';

export interface SessionRouteDeps extends PlatformDeps {
  sessions: SessionIndex;
  sessionInfo: SessionInfoStore;
  runs: LiveRuns;
}

function notFound(sessionId: string): AppError {
  return new AppError('session.not_found', `Conversation ${sessionId} not found`);
}

/** GET/PUT/POST /api/conversations… (list, details, update, archive-all) and GET /api/working-directories. */
export function registerSessionRoutes(app: FastifyInstance, deps: SessionRouteDeps): void {
  const { sessions, sessionInfo } = deps;
  registerRoute(app, routes.sessions.list, ({ query }) => sessions.list(query));
  registerRoute(app, routes.sessions.archiveAll, async () => {
    const archivedCount = await sessions.archiveAll();
    return { success: true, archivedCount, message: `Successfully archived ${archivedCount} session(s)` };
  });
  // Details are sent as the bytes the index assembled (mostly the transcript's own lines), not re-serialised.
  const details = routes.sessions.details;
  app.route({
    method: details.method,
    url: details.path,
    handler: async (request, reply) => {
      const parsed = SessionParams.safeParse(request.params);
      if (!parsed.success) throw new AppError('validation.failed', formatZodError(parsed.error));
      const sessionId = parsed.data.sessionId.toLowerCase();
      const source = await sessions.details(sessionId);
      if (!source) throw notFound(sessionId);
      // Written straight to the socket, each piece once the previous one is flushed: the pieces reuse
      // small buffers, so a large conversation never sits in memory whole.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      try {
        await source.write((chunk) => new Promise<void>((resolve, reject) => raw.write(chunk, (error) => (error ? reject(error) : resolve()))));
        raw.end();
      } catch (error) {
        deps.logger.warn({ component: 'sessions', sessionId, err: error }, 'conversation details aborted');
        raw.destroy();
      }
    },
  });
  registerRoute(app, routes.sessions.update, async ({ params, body }) => {
    const sessionId = params.sessionId.toLowerCase();
    if (!(await sessions.exists(sessionId))) throw notFound(sessionId);
    return { success: true, sessionInfo: sessionInfo.update(sessionId, body) };
  });
  registerRoute(app, routes.sessions.workingDirectories, () => sessions.workingDirectories());
}
