import type { LiveRuns, PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerSessionRoutes, type SessionRouteDeps } from './routes';
import type { SessionIndex } from './session-index';
import type { SessionInfoStore } from './session-info-store';

/** The conversation list, details, names, pins and archive. */
export function sessionsFeature(deps: { platform: PlatformDeps; sessions: SessionIndex; sessionInfo: SessionInfoStore; runs: LiveRuns; scheduleOf?: SessionRouteDeps['scheduleOf']; branchOf?: SessionRouteDeps['branchOf'] }): Feature {
  return { name: 'sessions', register: (app) => registerSessionRoutes(app, { ...deps.platform, sessions: deps.sessions, sessionInfo: deps.sessionInfo, runs: deps.runs, scheduleOf: deps.scheduleOf, branchOf: deps.branchOf }) };
}
