import type { FastifyInstance } from 'fastify';
import { routes, type ScheduleLink, type StartConversationRequest, type StartConversationResponse } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerRoute } from '../../platform/http';
import { createScheduleService, type ScheduleService } from './schedule-service';
import { createScheduleStore } from './schedule-store';
import type { TimingOptions } from './schedule-timing';

export { FAILURES_BEFORE_PAUSE, STILL_RUNNING } from './firing';
export { createScheduleService, type ScheduleService, type ScheduleServiceDeps } from './schedule-service';
export { createScheduleStore, type ScheduleStore } from './schedule-store';
export type { TimingOptions } from './schedule-timing';

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

/** The build options of this feature. */
export interface ScheduleOptions {
  /** How schedules read their patterns (tests: `allowSeconds`, a schedule every second); five fields when absent. */
  scheduleTiming?: TimingOptions;
}

/** What the feature takes of the shared services (core.ts). */
export interface SchedulesContext {
  platform: PlatformDeps;
  runs: { start(request: StartConversationRequest): Promise<StartConversationResponse> };
  trust: { trustedBy(folder: string): unknown };
  sessions: { list(query: { sessionId: string }): Promise<{ conversations: { usage?: { costUsd?: number } }[] }> };
  options: ScheduleOptions;
}

/**
 * Scheduled and recurring runs (issue 27): each firing starts through the runs' start (trust, cap, usage,
 * notifications). The scheduler is armed once the server listens (missed times handled then) and stopped before the
 * runs are (a firing cut by a shutdown is recorded at the next start).
 */
export function schedulesFeature({ platform, runs, trust, sessions, options }: SchedulesContext): Feature & Schedules {
  const service = createScheduleService({
    ...platform, store: createScheduleStore(platform.db), timing: options.scheduleTiming ?? {},
    startRun: (request) => runs.start(request),
    isTrusted: (folder) => trust.trustedBy(folder) !== null,
    costOf: async (sessionId) => (await sessions.list({ sessionId })).conversations[0]?.usage?.costUsd,
  });
  return {
    name: 'schedules',
    linkOf: (sessionId) => service.linkOf(sessionId),
    register(app) {
      registerScheduleRoutes(app, service);
      app.addHook('onReady', async () => {
        void service.start();
      });
      app.addHook('preClose', async () => service.close());
    },
  };
}
