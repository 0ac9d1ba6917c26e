import { routes, type RouteDef } from '@cui/contract';
import type { FormValues } from './form-values';
import { FORM_ROUTES } from './inspector-routes';
import { valueKey } from './route-request';

/**
 * One section of the raw JSON page: a title, the routes it sends (their forms come from the route table's
 * schemas) and the values its form starts with. A section is data, not code: a new route gets a section with one entry here.
 */
export interface InspectorSection {
  title: string;
  routes: readonly RouteDef[];
  defaults?: FormValues;
}

/** The left panel, in the spec's order (§2). Voice, summarize and notification sections join when their routes exist. */
export const LEFT_SECTIONS: readonly InspectorSection[] = [
  { title: 'System status', routes: [routes.system.status] },
  { title: 'Config', routes: [routes.config.getConfig, routes.config.updateConfig] },
  { title: 'Working directories', routes: [routes.sessions.workingDirectories] },
  { title: 'Commands', routes: [routes.system.commands] },
  {
    title: 'Start conversation',
    routes: [routes.sessions.start],
    defaults: { [valueKey('body', 'workingDirectory')]: '/tmp', [valueKey('body', 'initialPrompt')]: 'Hello' },
  },
  { title: 'Stop conversation', routes: [routes.sessions.stop] },
  { title: 'List conversations', routes: [routes.sessions.list], defaults: { [valueKey('query', 'limit')]: '20', [valueKey('query', 'offset')]: '0' } },
  { title: 'Update session', routes: [routes.sessions.update] },
  { title: 'List permissions', routes: [routes.permissions.list] },
  { title: 'Permission decision', routes: [routes.permissions.decide] },
  { title: 'List directory', routes: [routes.filesystem.list] },
  { title: 'Read file', routes: [routes.filesystem.read] },
  { title: 'Bulk operations', routes: [routes.sessions.archiveAll] },
  {
    title: 'Notifications',
    routes: [routes.notifications.status, routes.notifications.register, routes.notifications.unregister, routes.notifications.test],
  },
  // Beyond the spec: full-text search (issue 17).
  { title: 'Search conversations', routes: [routes.search.search], defaults: { [valueKey('query', 'limit')]: '20' } },
  // Beyond the spec: any route of the table, so a new route is reachable before it has a section of its own.
  { title: 'All routes', routes: FORM_ROUTES },
];

/** The right panel's form sections (the stream viewer and the log panel follow them). */
export const RIGHT_SECTIONS: readonly InspectorSection[] = [{ title: 'Conversation details', routes: [routes.sessions.details] }];
