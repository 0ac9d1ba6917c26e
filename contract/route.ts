import type { z } from 'zod';

/** HTTP methods used by the console's API. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One entry of the route table: both the server router and the web client read these,
 * so a path, a parameter or a body shape is written exactly once.
 * `response` is null for streaming routes (their events are described in `stream.ts` / `logs.ts`).
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType | null = z.ZodType | null,
> {
  method: Method;
  /** Fastify-style path with `:name` parameters. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/** Identity helper that keeps the literal types of a route definition. */
export function defineRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType | null,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Parsed (server-side) parts of a request for a route. */
export type RouteParams<D> = D extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType | null> ? Infer<P> : never;
export type RouteQuery<D> = D extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType | null> ? Infer<Q> : never;
export type RouteBody<D> = D extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType | null> ? Infer<B> : never;
export type RouteResponse<D> = D extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? Infer<R> : never;

/** What a client sends for a route (schema inputs, before defaults and coercion). */
export interface RouteRequest<D> {
  params?: D extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType | null> ? Input<P> : never;
  query?: D extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType | null> ? Input<Q> : never;
  body?: D extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType | null> ? Input<B> : never;
}

/** Fills `:name` parameters of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}
