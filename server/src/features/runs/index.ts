import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import type { RouterConfig } from '@cui/contract';
import { createDecisionHistory, registerDecisionRoute } from './decision-history';
import type { RunManager } from './run-manager';
import { registerStreamRoutes } from './stream-route';
import type { Feature } from '../../platform/feature';

export { createRunManager, FINISHED_RUN_RETENTION_MS, type RunManager, type RunManagerDeps, type RunManagerOptions, type SessionLookup } from './run-manager';
export type { SessionControl, SessionControlTarget } from './session-control';
export { createRunState, type RunState } from './run-state';
export type { Run } from './run';
export type { LiveControls } from './live-controls';
export { HEARTBEAT_INTERVAL_MS } from './stream-route';
export { composeRunEnvironment, fixedEnvironment, type RunEnvironment, type RunEnvironmentContributor, type RunEnvironmentInput } from './run-environment';
export { createRunGuard, recoverInterruptedRuns, type InterruptedRun, type RunGuard } from './run-guard';

/**
 * The runs feature's HTTP surface: start and stop (in the contract's session routes), the run stream,
 * the permission list and decision, and who decided each request of a session (decision-history.ts).
 */
export function registerRunRoutes(
  app: FastifyInstance,
  deps: PlatformDeps & { runs: RunManager; heartbeatMs?: number; beforeStart?: () => Promise<void> },
): void {
  const { runs, beforeStart } = deps;
  registerRoute(app, routes.runs.start, async ({ body }) => {
    // A restarting model-provider router is waited for (bounded) rather than refusing the start.
    await beforeStart?.();
    return runs.start(body);
  });
  registerRoute(app, routes.runs.stop, ({ params }) => runs.stop(params.id));
  registerRoute(app, routes.runs.interrupt, ({ params }) => runs.interrupt(params.id));
  registerRoute(app, routes.runs.send, ({ params, body }) => runs.send(params.id, body));
  registerRoute(app, routes.runs.unqueue, ({ params }) => runs.unqueue(params.id, params.messageId));
  registerRoute(app, routes.runs.sendNow, ({ params }) => runs.sendNow(params.id, params.messageId));
  registerRoute(app, routes.permissions.list, ({ query }) => ({ permissions: runs.permissions.list(query) }));
  registerRoute(app, routes.permissions.decide, ({ params, body }) => ({ success: true, permission: runs.permissions.decide(params.id, body, body.via ?? 'console') }));
  // Who decided each request, kept with its session from here on (subscribes to permission.resolved).
  registerDecisionRoute(app, createDecisionHistory(deps));
  registerStreamRoutes(app, { runs, logger: deps.logger, heartbeatMs: deps.heartbeatMs });
}

/** How long a start waits for a (re)starting model-provider router before it is refused (issue 29.15). */
const ROUTER_READY_WAIT_MS = 15_000;

/** The model-provider router as a start waits for it (features/router's `whenReady`). */
interface RouterReadiness {
  whenReady(config: RouterConfig, timeoutMs: number): Promise<void>;
}

/** Start, stop and turns of CLI runs, their streams and permissions (the contract's `runs`, `stream` and `permissions`). */
export function runsFeature({ platform, runs, router }: { platform: PlatformDeps; runs: RunManager; router: RouterReadiness }): Feature {
  const beforeStart = () => router.whenReady(platform.config.get().router, ROUTER_READY_WAIT_MS);
  return { name: 'runs', register: (app) => registerRunRoutes(app, { ...platform, runs, beforeStart }) };
}
