/** Following a session a CLI in a terminal writes: GET /api/conversations/:sessionId/follow tails its transcript (issue 18). */
export { registerFollowRoute, type FollowRouteDeps } from './follow-route';
export { followFeature, type FollowOptions } from './feature';
