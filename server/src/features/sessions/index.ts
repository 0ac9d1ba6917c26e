/** Sessions: the transcript index, session info, and their routes (issue 4). */
export { createSessionInfoStore, type SessionInfoStore } from './session-info-store';
export { createSessionIndex, type SessionIndex, type SessionIndexDeps } from './session-index';
export { registerSessionRoutes, type SessionRouteDeps } from './routes';
export { registerFollowRoute, type FollowRouteDeps } from './follow-route';
export { inThreadPool, workersPayOff, type IndexPool } from './index-pool';
