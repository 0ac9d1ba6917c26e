import type { FastifyInstance } from 'fastify';
import { routes, type SearchQuery, type SearchResponse } from '@cui/contract';
import { registerRoute } from '../../platform/http';

export interface SearchRouteDeps {
  /** The session index's search, over what is indexed so far. */
  sessions: { search(query: SearchQuery): Promise<SearchResponse> };
}

/** GET /api/search. */
export function registerSearchRoutes(app: FastifyInstance, deps: SearchRouteDeps): void {
  registerRoute(app, routes.search.search, ({ query }) => deps.sessions.search(query));
}
