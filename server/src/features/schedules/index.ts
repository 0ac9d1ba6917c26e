import type { FastifyInstance } from 'fastify';
import { routes, type ScheduleLink, type StartConversationRequest, type StartConversationResponse } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import { createScheduleService, type ScheduleService } from './schedule-service';
import { createScheduleStore } from './schedule-store';
import type { TimingOptions } from './schedule-timing';

export { FAILURES_BEFORE_PAUSE, STILL_RUNNING } from './firing';
export { createScheduleService, type ScheduleService, type ScheduleServiceDeps } from './schedule-service';
export { createScheduleStore, type ScheduleStore } from './schedule-store';
export type { TimingOptions } from './schedule-timing';

export interface SchedulesDeps extends Pick<PlatformDeps, 'db' | 'bus' | 'logger'> {
  /** The runs feature's start (RunManager.start): each firing is an ordinary run. */
  startRun(request: StartConversationRequest): Promise<StartConversationResponse>;
  /** Whether a folder is trusted (TrustService.trustedBy). */
  isTrusted(folder: string): boolean;
  /** A session's cost from the index, for the history. */
  costOf(sessionId: string): Promise<number | undefined>;
  timing?: TimingOptions;
}

/** The feature's face to others: which schedule started a session (list rows and the conversation header link to it). */
export interface Schedules {
  linkOf(sessionId: string): ScheduleLink | undefined;
}

function registerScheduleRoutes(app: FastifyInstance, service: ScheduleService): void {
  const r = routes.schedules;
  registerRoute(app, r.list, () => service.list());
  registerRoute(app, r.create, ({ body }) => service.create(body));
  registerRoute(app, r.preview, ({ body }) => service.preview(body));
  registerRoute(app, r.globalPause, ({ body }) => service.setGlobalPaused(body.paused));
  registerRoute(app, r.get, ({ params }) => service.get(params.id));
  registerRoute(app, r.update, ({ params, body }) => service.update(params.id, body));
  registerRoute(app, r.remove, ({ params }) => {
    service.remove(params.id);
    return { success: true };
  });
  registerRoute(app, r.pause, ({ params }) => service.pause(params.id));
  registerRoute(app, r.resume, ({ params }) => service.resume(params.id));
  registerRoute(app, r.runNow, async ({ params }) => ({ firing: await service.runNow(params.id) }));
  registerRoute(app, r.history, async ({ params }) => ({ firings: await service.history(params.id) }));
}

/**
 * Scheduled and recurring runs (issue 27): the routes, and the scheduler, armed once the server listens (missed
 * times handled then) and stopped before the runs are (a firing cut by a shutdown is recorded at the next start).
 */
export function registerSchedules(app: FastifyInstance, deps: SchedulesDeps): Schedules {
  const service = createScheduleService({ ...deps, store: createScheduleStore(deps.db), timing: deps.timing ?? {} });
  registerScheduleRoutes(app, service);
  app.addHook('onReady', async () => {
    void service.start();
  });
  app.addHook('preClose', async () => service.close());
  return { linkOf: (sessionId) => service.linkOf(sessionId) };
}
