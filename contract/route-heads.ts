import type { Method, RouteDef } from './route';

/** Type-only key: a head carries its full route definition in its type, never at run time. */
declare const fullRoute: unique symbol;

/**
 * What a client needs to call a route: its name, method and path, without the zod schemas. The web client calls the
 * API through heads, so its first load carries no validator (issue 11, page weight); the full definition stays in the
 * head's type, so request and response types still come from the one route table.
 */
export interface RouteHead<D extends RouteDef = RouteDef> {
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly [fullRoute]?: D;
}

/** The route definition behind a head (a full definition stands for itself). */
export type RouteOf<H> = H extends RouteDef ? H : H extends RouteHead<infer D> ? D : never;

/** A route table (groups of routes) as heads. */
export type RouteHeads<T> = {
  readonly [G in keyof T]: { readonly [K in keyof T[G]]: T[G][K] extends RouteDef ? RouteHead<T[G][K]> : never };
};

/** The heads of a route table, as plain data (what the web build inlines instead of the table itself). */
export function routeHeads<T extends Record<string, Record<string, RouteDef>>>(table: T): RouteHeads<T> {
  const groups = Object.entries(table).map(([group, defs]) => [
    group,
    Object.fromEntries(Object.entries(defs).map(([key, def]) => [key, { name: def.name, method: def.method, path: def.path }])),
  ]);
  return Object.fromEntries(groups) as RouteHeads<T>;
}
