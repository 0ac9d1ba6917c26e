import type { FastifyInstance } from 'fastify';
import { ConversationDetailsQuery, formatZodError, routes, SessionParams, type BranchLink, type ConversationListResponse, type ScheduleLink } from '@cui/contract';
import type { z } from 'zod';
import type { LiveRuns, PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import { registerRoute } from '../../platform/http';
import { ONE_CALL_MAX_BYTES } from '../../platform/compression';
import { detailsBody } from './details-body';
import type { SessionIndex } from './session-index';
import type { SessionInfoStore } from './session-info-store';

export interface SessionRouteDeps extends PlatformDeps {
  sessions: SessionIndex;
  sessionInfo: SessionInfoStore;
  runs: LiveRuns;
  /** The schedule that started a session, for its list row (features/schedules); none when absent. */
  scheduleOf?: (sessionId: string) => ScheduleLink | undefined;
  /** The conversation and message a branch was made from, for its list row (features/rewind); none when absent. */
  branchOf?: (sessionId: string) => BranchLink | undefined;
}

function notFound(sessionId: string): AppError {
  return new AppError('session.not_found', `Conversation ${sessionId} not found`);
}

/** GET/PUT/POST /api/conversations… (list, details, update, archive-all) and GET /api/working-directories. */
export function registerSessionRoutes(app: FastifyInstance, deps: SessionRouteDeps): void {
  const { sessions, sessionInfo } = deps;
  registerRoute(app, routes.sessions.list, async ({ query }) => withLinks(await sessions.list(query), deps));
  // At once, even during the startup catch-up: the version moves when that ends, so a page that listed what was indexed
  // before (a restart's kept index, or a first index's early pages) reloads.
  registerRoute(app, routes.sessions.version, async () => ({ version: sessions.listVersion() }));
  registerRoute(app, routes.sessions.archiveAll, async () => {
    const archivedCount = await sessions.archiveAll();
    return { success: true, archivedCount, message: `Successfully archived ${archivedCount} ${archivedCount === 1 ? 'session' : 'sessions'}` };
  });
  // Details are sent as the bytes the index assembled (mostly the transcript's own lines), not re-serialised.
  const details = routes.sessions.details;
  app.route({
    method: details.method,
    url: details.path,
    handler: async (request, reply) => {
      const { sessionId: rawId } = parse(SessionParams, request.params);
      const { limit, before, through } = parse(ConversationDetailsQuery, request.query);
      const sessionId = rawId.toLowerCase();
      const source = await sessions.details(sessionId, limit === undefined ? undefined : { limit, before, through });
      if (!source) throw notFound(sessionId);
      const onError = (error: unknown): void => deps.logger.warn({ component: 'sessions', sessionId, err: error }, 'conversation details aborted');
      // Sent through reply.send (so it is compressed when the client asks): one string, or a stream past ONE_CALL_MAX_BYTES.
      return reply.type('application/json; charset=utf-8').send(await detailsBody(source.write, onError, ONE_CALL_MAX_BYTES));
    },
  });
  registerRoute(app, routes.sessions.update, async ({ params, body }) => {
    const sessionId = params.sessionId.toLowerCase();
    if (!(await sessions.exists(sessionId))) throw notFound(sessionId);
    return { success: true, sessionInfo: sessionInfo.update(sessionId, body) };
  });
  registerRoute(app, routes.sessions.workingDirectories, () => sessions.workingDirectories());
}

/** Each row a schedule started links back to it; each branch to the conversation it was made from. */
function withLinks(page: ConversationListResponse, { scheduleOf, branchOf }: Pick<SessionRouteDeps, 'scheduleOf' | 'branchOf'>): ConversationListResponse {
  if (!scheduleOf && !branchOf) return page;
  const conversations = page.conversations.map((row) => {
    const schedule = scheduleOf?.(row.sessionId);
    const branchedFrom = branchOf?.(row.sessionId);
    return { ...row, ...(schedule ? { schedule } : {}), ...(branchedFrom ? { branchedFrom } : {}) };
  });
  return { ...page, conversations };
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('validation.failed', formatZodError(parsed.error));
  return parsed.data;
}
