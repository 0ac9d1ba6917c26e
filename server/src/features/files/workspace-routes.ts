import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { routes } from '@cui/contract';
import { registerRoute } from '../../platform/http';
import { saveFile } from './save-file';
import { deleteWorkspaceFile, listWorkspaceFolder, readWorkspaceFile, renameWorkspaceFile } from './workspace-files';
import { workspaceRoots, writablePath, type WorkspacePathDeps } from './workspace-paths';

/**
 * The file browser and editor of a conversation (issue 25.3): every route confines its paths to the conversation's
 * folder and the trusted folders; writes are logged (the path, never the content).
 */
export function registerWorkspaceFileRoutes(app: FastifyInstance, deps: WorkspacePathDeps & { logger: Logger }): void {
  const log = deps.logger.child({ component: 'workspace-files' });
  registerRoute(app, routes.filesystem.workspaceList, async ({ query }) =>
    listWorkspaceFolder(await workspaceRoots(deps, query.sessionId), query.path, query.hidden ?? false));
  registerRoute(app, routes.filesystem.workspaceRead, async ({ query }) => readWorkspaceFile(await workspaceRoots(deps, query.sessionId), query.path));
  registerRoute(app, routes.filesystem.workspaceSave, async ({ body }) => {
    const { file } = await writablePath(await workspaceRoots(deps, body.sessionId), body.path);
    const saved = await saveFile(file, body.content, { expected: body.expected, create: body.create });
    log.info({ sessionId: body.sessionId, path: file, size: saved.size, created: body.create === true }, 'file saved');
    return { path: file, ...saved };
  });
  registerRoute(app, routes.filesystem.workspaceRename, async ({ body }) => {
    const renamed = await renameWorkspaceFile(await workspaceRoots(deps, body.sessionId), body.path, body.to);
    log.info({ sessionId: body.sessionId, from: body.path, to: renamed.path }, 'file renamed');
    return renamed;
  });
  registerRoute(app, routes.filesystem.workspaceDelete, async ({ body }) => {
    const deleted = await deleteWorkspaceFile(await workspaceRoots(deps, body.sessionId), body.path);
    log.info({ sessionId: body.sessionId, path: deleted.path }, 'file deleted');
    return deleted;
  });
}
