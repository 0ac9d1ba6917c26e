import type { RouteHeads, RouteTable } from '@cui/contract';

declare const __CUI_ROUTE_HEADS__: RouteHeads<RouteTable>;

/**
 * The contract's route table as the web calls it: each route's name, method and path, inlined by the build from the
 * table itself (web/route-heads-define.ts), typed by the full definitions. Importing the table from
 * `@cui/contract` instead would put every zod schema, and zod, in the first load (issue 11); code that needs a
 * route's schemas (the raw JSON page) takes `allRoutes` from the contract.
 */
export const routes = __CUI_ROUTE_HEADS__;
