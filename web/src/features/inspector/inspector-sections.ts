import type { ComponentType } from 'react';
import { MISSING_TEXT_MESSAGE, routes, type RouteDef } from '@cui/contract';
import type { FormValues } from './form-values';
import { FORM_ROUTES } from './inspector-routes';
import { PushSubscribeForm } from './PushSubscribeForm';

/** Spec §5: a permission decision's body must be valid JSON. */
export const INVALID_JSON_BODY = 'Invalid JSON body';
import { valueKey } from './route-request';

/**
 * One section of the raw JSON page: a title, the routes it sends (their forms come from the route table's
 * schemas) and the values its form starts with. A section is data, not code: a new route gets a section with one entry here.
 */
export interface InspectorSection {
  title: string;
  routes: readonly RouteDef[];
  defaults?: FormValues;
  /** Fields (by `valueKey`) edited as long text: a textarea with a character count (spec §5: summarize's text). */
  longText?: readonly string[];
  /** What a missing required field says, by field name, where the spec words it (otherwise '{Label} is required'). */
  requiredMessages?: Readonly<Record<string, string>>;
  /** What a JSON field that does not parse says, by field name, where the spec words it (otherwise '{Label}: Invalid JSON'). */
  invalidJsonMessages?: Readonly<Record<string, string>>;
  /** Shown above the section's form: what a route form cannot do (e.g. subscribing this browser to web push). */
  lead?: ComponentType;
}

/** The left panel, in the spec's order (§2). */
export const LEFT_SECTIONS: readonly InspectorSection[] = [
  { title: 'System status', routes: [routes.system.status] },
  { title: 'Config', routes: [routes.config.getConfig, routes.config.updateConfig] },
  { title: 'Working directories', routes: [routes.sessions.workingDirectories] },
  { title: 'Commands', routes: [routes.filesystem.commands] },
  {
    title: 'Start conversation',
    routes: [routes.runs.start],
    defaults: { [valueKey('body', 'workingDirectory')]: '/tmp', [valueKey('body', 'initialPrompt')]: 'Hello' },
  },
  { title: 'Stop conversation', routes: [routes.runs.stop] },
  { title: 'List conversations', routes: [routes.sessions.list, routes.sessions.version], defaults: { [valueKey('query', 'limit')]: '20', [valueKey('query', 'offset')]: '0' } },
  { title: 'Update session', routes: [routes.sessions.update] },
  { title: 'List permissions', routes: [routes.permissions.list] },
  { title: 'Permission decision', routes: [routes.permissions.decide], invalidJsonMessages: { modifiedInput: INVALID_JSON_BODY } },
  { title: 'List directory', routes: [routes.filesystem.list] },
  { title: 'Read file', routes: [routes.filesystem.read] },
  { title: 'Bulk operations', routes: [routes.sessions.archiveAll] },
  { title: 'Voice provider health', routes: [routes.voice.health] },
  { title: 'Transcribe', routes: [routes.voice.transcribe], defaults: { [valueKey('body', 'mimeType')]: 'audio/webm' } },
  { title: 'Summarize', routes: [routes.voice.summarize], longText: [valueKey('body', 'text')], requiredMessages: { text: MISSING_TEXT_MESSAGE } },
  {
    title: 'Notifications',
    // Register and unregister are this browser's subscription (the lead); their hand-typed forms stay in 'All routes'.
    routes: [routes.notifications.status, routes.notifications.test, routes.notifications.decideFromNotification],
    lead: PushSubscribeForm,
  },
  // Beyond the spec (issue 18): a session's git worktree.
  { title: 'Worktrees', routes: [routes.worktrees.repository, routes.worktrees.discard] },
  // Beyond the spec: full-text search (issue 17).
  { title: 'Search conversations', routes: [routes.search.search], defaults: { [valueKey('query', 'limit')]: '20' } },
  // Beyond the spec (issue 27): scheduled runs.
  { title: 'Schedules', routes: Object.values(routes.schedules) },
  // Beyond the spec: any route of the table, so a new route is reachable before it has a section of its own.
  { title: 'All routes', routes: FORM_ROUTES },
];

/** The right panel's form sections (the stream viewer and the log panel follow them). */
export const RIGHT_SECTIONS: readonly InspectorSection[] = [{ title: 'Conversation details', routes: [routes.sessions.details] }];
