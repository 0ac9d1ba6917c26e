import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import { listCommands } from './commands';
import { listDirectory, readTextFile, searchFiles } from './filesystem';
import { registerWorkspaceFileRoutes } from './workspace-routes';
import type { WorkspacePathDeps } from './workspace-paths';
import type { Feature } from '../../platform/feature';

export { BUILTIN_COMMANDS, commandDescription, listCommands } from './commands';
export { fsError, listDirectory, readTextFile, READ_LIMIT_BYTES } from './filesystem';

/** GET /api/filesystem/list, GET /api/filesystem/read and GET /api/system/commands (the composer's autocomplete). */
export function registerFileRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  registerRoute(app, routes.filesystem.list, ({ query }) =>
    listDirectory(query.path, { recursive: query.recursive ?? false, respectGitignore: query.respectGitignore ?? false }));
  registerRoute(app, routes.filesystem.search, ({ query }) => searchFiles(query.path, query.query, { limit: query.limit }));
  registerRoute(app, routes.filesystem.read, ({ query }) => readTextFile(query.path));
  registerRoute(app, routes.filesystem.commands, async ({ query }) => ({
    commands: await listCommands({ claudeConfigDir: deps.paths.claudeConfigDir, workingDirectory: query.workingDirectory }),
  }));
}

/** The filesystem routes, a conversation's file browser and editor (issue 25.3) and the composer's commands (the contract's `filesystem` group). */
export function filesFeature({ platform, workspace, trust }: { platform: PlatformDeps } & WorkspacePathDeps): Feature {
  return {
    name: 'files',
    register: (app) => {
      registerFileRoutes(app, platform);
      registerWorkspaceFileRoutes(app, { workspace, trust, logger: platform.logger });
    },
  };
}
