import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerFollowRoute, type FollowRouteDeps } from './follow-route';

export interface FollowOptions {
  /** Timings of the follow stream (heartbeats, terminal re-checks); defaults when absent. */
  followOptions?: { heartbeatMs?: number; activityCheckMs?: number };
}

/** GET /api/conversations/:sessionId/follow: a session a terminal CLI writes, tailed. */
export function followFeature({ platform, sessions, options }: { platform: PlatformDeps; sessions: FollowRouteDeps['sessions']; options: FollowOptions }): Feature {
  return { name: 'follow', register: (app) => registerFollowRoute(app, { sessions, logger: platform.logger, ...options.followOptions }) };
}
