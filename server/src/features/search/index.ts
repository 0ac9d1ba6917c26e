/** Full-text search over the indexed messages (issue 17): the text the index writes, the query, and GET /api/search. */
export { createSearchSessions, createSearchTextWriter, type SearchTextWriter } from './search-store';
export { searchTextOf, type SearchText } from './search-text';
export { registerSearchRoutes, type SearchRouteDeps } from './routes';
export { searchFeature } from './feature';
