import type { FastifyInstance } from 'fastify';
import { routes, type RouterStatus } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import type { ClaudeSignIn } from './claude-sign-in';

export { createClaudeSignIn, describeSignIn, type ClaudeSignIn } from './claude-sign-in';

export function registerSystemRoutes(app: FastifyInstance, deps: PlatformDeps & { runs: LiveRuns; routerStatus: () => RouterStatus; signIn: ClaudeSignIn }): void {
  registerRoute(app, routes.system.status, async () => {
    const [claudeVersion, claudeAuth] = await Promise.all([deps.claude.version(), deps.signIn.auth()]);
    return {
      claudeVersion,
      claudePath: deps.claude.executablePath,
      configPath: deps.config.path,
      activeConversations: deps.runs.list().length,
      machineId: deps.config.get().machineId,
      demoMode: deps.demoMode,
      homeDirectory: deps.paths.home,
      router: deps.routerStatus(),
      claudeAuth,
    };
  });
  registerRoute(app, routes.system.models, () => deps.signIn.models());
}
