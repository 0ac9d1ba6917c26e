import type { FastifyInstance } from 'fastify';
import { routes, type RouterStatus } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import type { ClaudeSignIn } from './claude-sign-in';
import { listenAddress } from './listen-address';
import type { Feature } from '../../platform/feature';

export { createClaudeSignIn, describeSignIn, type ClaudeSignIn } from './claude-sign-in';

export function registerSystemRoutes(app: FastifyInstance, deps: PlatformDeps & { runs: LiveRuns; routerStatus: () => RouterStatus; signIn: ClaudeSignIn }): void {
  registerRoute(app, routes.system.status, async () => {
    const claudeVersion = await deps.claude.version();
    return {
      claudeVersion,
      claudePath: deps.claude.executablePath,
      configPath: deps.config.path,
      activeConversations: deps.runs.list().length,
      machineId: deps.config.get().machineId,
      demoMode: deps.demoMode,
      homeDirectory: deps.paths.home,
      router: deps.routerStatus(),
      // Never waits for the CLI (the status serves every page's first load): GET /api/system/sign-in does.
      claudeAuth: deps.signIn.current(),
      listen: listenAddress(app.server.address()),
    };
  });
  registerRoute(app, routes.system.signIn, () => deps.signIn.auth());
  registerRoute(app, routes.system.models, () => deps.signIn.models());
}

/** GET /api/system/status, how runs sign in to Claude, the CLI's models. */
export function systemFeature(deps: { platform: PlatformDeps; runs: LiveRuns; router: { status(): RouterStatus }; signIn: ClaudeSignIn }): Feature {
  return {
    name: 'system',
    register: (app) => registerSystemRoutes(app, { ...deps.platform, runs: deps.runs, routerStatus: () => deps.router.status(), signIn: deps.signIn }),
  };
}
