import { configRoutes } from './config';
import { filesystemRoutes } from './filesystem';
import { logRoutes } from './logs';
import { permissionRoutes } from './permissions';
import { sessionRoutes } from './sessions';
import { streamRoutes } from './stream';
import { systemRoutes } from './system';

/** The route table: every /api route of the console, read by the server router and the web client. */
export const routes = {
  config: configRoutes,
  filesystem: filesystemRoutes,
  logs: logRoutes,
  permissions: permissionRoutes,
  sessions: sessionRoutes,
  stream: streamRoutes,
  system: systemRoutes,
};

/** Every route as a flat list (used to check that each one is registered and authenticated). */
export const allRoutes = Object.values(routes).flatMap((group) => Object.values(group));
