/** Sessions: the list, details, names, pins and archive of conversations over the transcript index, and their routes (issue 4). */
export { createSessionInfoStore, type SessionInfoStore } from './session-info-store';
export { createSessionIndex, type SessionIndex, type SessionIndexDeps } from './session-index';
export { registerSessionRoutes, type SessionRouteDeps } from './routes';
export { sessionsFeature } from './feature';
