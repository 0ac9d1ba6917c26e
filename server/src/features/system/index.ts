import type { FastifyInstance } from 'fastify';
import { routes, type RouterStatus } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import { listenAddress } from './listen-address';

export function registerSystemRoutes(app: FastifyInstance, deps: PlatformDeps & { runs: LiveRuns; routerStatus: () => RouterStatus }): void {
  registerRoute(app, routes.system.status, async () => ({
    claudeVersion: await deps.claude.version(),
    claudePath: deps.claude.executablePath,
    configPath: deps.config.path,
    activeConversations: deps.runs.list().length,
    machineId: deps.config.get().machineId,
    demoMode: deps.demoMode,
    homeDirectory: deps.paths.home,
    router: deps.routerStatus(),
    listen: listenAddress(app.server.address()),
  }));
}
