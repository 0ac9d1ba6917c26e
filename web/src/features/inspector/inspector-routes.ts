import { allRoutes } from '@cui/contract';
import { formRoutes, streamRoutes } from './route-request';

/** Routes the 'All routes' form offers: straight from the route table, so a new route needs no page code. */
export const FORM_ROUTES = formRoutes(allRoutes);

/**
 * Routes the stream viewer offers (the table's streaming routes). Those taking path parameters come first:
 * the spec's viewer opens on the run stream, the one asking for a streaming id.
 */
export const STREAM_ROUTES = streamRoutes(allRoutes).sort((a, b) => Number(a.params === undefined) - Number(b.params === undefined));
