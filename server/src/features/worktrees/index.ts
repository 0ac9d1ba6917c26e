import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import { registerRoute } from '../../platform/http';
import type { WorktreeService } from './worktree-service';
import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { createWorktreeService, type WorktreeServiceDeps } from './worktree-service';

export { createWorktreeService, type WorktreeService } from './worktree-service';

/** The worktrees feature's HTTP surface: whether a folder can get one, and discarding a session's worktree. */
export function registerWorktreeRoutes(app: FastifyInstance, deps: { worktrees: WorktreeService }): void {
  registerRoute(app, routes.worktrees.discard, ({ body }) => deps.worktrees.discard(body.path));
  registerRoute(app, routes.worktrees.repository, ({ query }) => deps.worktrees.repository(query.path));
}

/** A session's git worktree: whether a folder can get one, discarding one with its branch. */
export function worktreesFeature({ platform, runs }: { platform: PlatformDeps; runs: WorktreeServiceDeps['runs'] }): Feature {
  return { name: 'worktrees', register: (app) => registerWorktreeRoutes(app, { worktrees: createWorktreeService({ runs, logger: platform.logger }) }) };
}
