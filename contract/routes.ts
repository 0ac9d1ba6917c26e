import { configRoutes } from './config';
import { filesystemRoutes } from './filesystem';
import { logRoutes } from './logs';
import { permissionRoutes } from './permissions';
import { retentionRoutes } from './retention';
import { sessionRoutes } from './sessions';
import { streamRoutes } from './stream';
import { systemRoutes } from './system';
import { trustRoutes } from './trust';

/** The route table: every /api route of the console, read by the server router and the web client. */
export const routes = {
  config: configRoutes,
  filesystem: filesystemRoutes,
  logs: logRoutes,
  permissions: permissionRoutes,
  retention: retentionRoutes,
  sessions: sessionRoutes,
  stream: streamRoutes,
  system: systemRoutes,
  trust: trustRoutes,
};

/** Every route as a flat list (used to check that each one is registered and authenticated). */
export const allRoutes = Object.values(routes).flatMap((group) => Object.values(group));
