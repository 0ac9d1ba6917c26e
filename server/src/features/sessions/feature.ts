import type { LiveRuns, PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerSessionRoutes } from './routes';
import type { SessionIndex } from './session-index';
import type { SessionInfoStore } from './session-info-store';

/** The conversation list, details, names, pins and archive. */
export function sessionsFeature(deps: { platform: PlatformDeps; sessions: SessionIndex; sessionInfo: SessionInfoStore; runs: LiveRuns }): Feature {
  return { name: 'sessions', register: (app) => registerSessionRoutes(app, { ...deps.platform, sessions: deps.sessions, sessionInfo: deps.sessionInfo, runs: deps.runs }) };
}
