import type { RouteDef } from './route';
import { configRoutes } from './config';
import { filesystemRoutes } from './filesystem';
import { followRoutes } from './follow';
import { gitRoutes } from './git';
import { inboxRoutes } from './inbox';
import { logRoutes } from './logs';
import { mcpRoutes } from './mcp';
import { notificationRoutes } from './notifications';
import { permissionRoutes } from './permissions';
import { retentionRoutes } from './retention';
import { rewindRoutes } from './rewind';
import { runRoutes } from './runs';
import { scheduleRoutes } from './schedules';
import { searchRoutes } from './search';
import { sessionRoutes } from './sessions';
import { streamRoutes } from './stream';
import { systemRoutes } from './system';
import { trustRoutes } from './trust';
import { voiceRoutes } from './voice';
import { worktreeRoutes } from './worktrees';

/** The route table: every /api route of the console, read by the server router and the web client. */
export const routes = {
  config: configRoutes,
  filesystem: filesystemRoutes,
  git: gitRoutes,
  inbox: inboxRoutes,
  logs: logRoutes,
  mcp: mcpRoutes,
  notifications: notificationRoutes,
  permissions: permissionRoutes,
  retention: retentionRoutes,
  rewind: rewindRoutes,
  runs: runRoutes,
  schedules: scheduleRoutes,
  search: searchRoutes,
  sessions: sessionRoutes,
  stream: streamRoutes,
  // After `stream`: the raw JSON page's stream viewer opens on the first streaming route, the run stream.
  follow: followRoutes,
  system: systemRoutes,
  trust: trustRoutes,
  voice: voiceRoutes,
  worktrees: worktreeRoutes,
};

/**
 * Every route as a flat list, in table order: what the raw JSON page lists (each with its name, summary and
 * schemas) and what the tests walk to check that each one is described, registered and authenticated.
 */
export const allRoutes: readonly RouteDef[] = Object.values(routes).flatMap((group): RouteDef[] => Object.values(group));

/** The route table's type: what the web's route heads (web/src/app/routes.ts) are typed by. */
export type RouteTable = typeof routes;
