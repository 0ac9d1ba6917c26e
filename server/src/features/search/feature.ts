import type { Feature } from '../../platform/feature';
import { registerSearchRoutes, type SearchRouteDeps } from './routes';

/** GET /api/search over the session index's text. */
export function searchFeature({ sessions }: SearchRouteDeps): Feature {
  return { name: 'search', register: (app) => registerSearchRoutes(app, { sessions }) };
}
