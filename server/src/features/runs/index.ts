import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import type { RunManager } from './run-manager';
import { registerStreamRoutes } from './stream-route';
import type { Feature } from '../../platform/feature';

export { createRunManager, FINISHED_RUN_RETENTION_MS, type RunManager, type RunManagerDeps, type RunManagerOptions, type SessionLookup } from './run-manager';
export { createRunState, type RunState } from './run-state';
export { HEARTBEAT_INTERVAL_MS } from './stream-route';
export { composeRunEnvironment, fixedEnvironment, type RunEnvironment, type RunEnvironmentContributor, type RunEnvironmentInput } from './run-environment';
export { createRunGuard, recoverInterruptedRuns, type InterruptedRun, type RunGuard } from './run-guard';

/**
 * The runs feature's HTTP surface: start and stop (in the contract's session routes), the run stream,
 * and the permission list and decision.
 */
export function registerRunRoutes(app: FastifyInstance, deps: PlatformDeps & { runs: RunManager; heartbeatMs?: number }): void {
  const { runs } = deps;
  registerRoute(app, routes.runs.start, ({ body }) => runs.start(body));
  registerRoute(app, routes.runs.stop, ({ params }) => runs.stop(params.id));
  registerRoute(app, routes.runs.interrupt, ({ params }) => runs.interrupt(params.id));
  registerRoute(app, routes.runs.send, ({ params, body }) => runs.send(params.id, body));
  registerRoute(app, routes.runs.unqueue, ({ params }) => runs.unqueue(params.id, params.messageId));
  registerRoute(app, routes.runs.sendNow, ({ params }) => runs.sendNow(params.id, params.messageId));
  registerRoute(app, routes.permissions.list, ({ query }) => ({ permissions: runs.permissions.list(query) }));
  registerRoute(app, routes.permissions.decide, ({ params, body }) => ({ success: true, permission: runs.permissions.decide(params.id, body, 'console') }));
  registerStreamRoutes(app, { runs, logger: deps.logger, heartbeatMs: deps.heartbeatMs });
}

/** Start, stop and turns of CLI runs, their streams and permissions (the contract's `runs`, `stream` and `permissions`). */
export function runsFeature({ platform, runs }: { platform: PlatformDeps; runs: RunManager }): Feature {
  return { name: 'runs', register: (app) => registerRunRoutes(app, { ...platform, runs }) };
}
