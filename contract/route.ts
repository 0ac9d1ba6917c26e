import type { z } from 'zod';
import type { RouteOf } from './route-heads';

/** HTTP methods used by the console's API. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a streaming route frames what it emits. `ndjson`: one JSON value per line, lines starting with ':'
 * are heartbeats. `sse`: `data: <JSON>` lines, with ':' comment lines and blank separators.
 */
export type StreamFraming = 'ndjson' | 'sse';

/** What a streaming route emits: each framed item parses with `schema`. */
export interface StreamEmits<E extends z.ZodType = z.ZodType> {
  framing: StreamFraming;
  schema: E;
}

/** One file part a multipart upload accepts. */
export interface UploadFile {
  /** Largest accepted file in bytes (413 `request.too_large` beyond). */
  maxBytes: number;
  /** Accepted media types (any when absent); a type parameter such as ';codecs=opus' is ignored. */
  mimeTypes?: readonly string[];
  /** A request without this part is 400 `validation.failed`. */
  required: boolean;
}

/**
 * The multipart/form-data variant of a route (uploads): text parts are validated together by `fields`,
 * file parts by name against `files`. A route with both `body` and `upload` accepts either encoding.
 */
export interface UploadSpec<F extends z.ZodType = z.ZodType> {
  fields?: F;
  files: Record<string, UploadFile>;
}

/**
 * One entry of the route table: both the server router and the web client read these,
 * so a path, a parameter or a body shape is written exactly once. Every route names and summarises itself
 * (the raw JSON page lists them); `response` is null for streaming routes, which declare what they `emit`.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType | null = z.ZodType | null,
  U extends z.ZodType = z.ZodType,
> {
  /** Unique across the table, camelCase, e.g. `listConversations`. */
  name: string;
  /** One line saying what the route does. */
  summary: string;
  method: Method;
  /** Fastify-style path with `:name` parameters. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  upload?: UploadSpec<U>;
  /** Largest request body in bytes when the server's default (10 MB) is too small: routes that take images. */
  bodyLimit?: number;
  response: R;
  emits?: StreamEmits;
  /**
   * Absent: the bearer token guards the route. `capability`: the URL's own secret is the credential (a notification's
   * Approve/Deny link): no bearer token, any origin may call it (CORS `*`, no credentials), and it is rate-limited.
   * `ticket`: a WebSocket upgrade (browsers cannot send `Authorization` there) authenticated by a single-use ticket an
   * authenticated call minted, sent in `Sec-WebSocket-Protocol`; it skips only the bearer check (Host and Origin guards stay).
   */
  auth?: 'capability' | 'ticket';
}

/** A route that answers with a stream of framed items instead of one JSON body. */
export interface StreamRouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, E extends z.ZodType = z.ZodType>
  extends RouteDef<P, Q, z.ZodType, null> {
  emits: StreamEmits<E>;
}

/** A route answering one JSON body, taking no multipart upload. */
export type JsonRouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> =
  RouteDef<P, Q, B, R> & { upload?: undefined; emits?: undefined };

/** A route with a multipart variant (and, when it has a `body`, a JSON one too). */
export type UploadRouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
> = RouteDef<P, Q, B, R, U> & { upload: UploadSpec<U>; emits?: undefined };

/** Identity helper that keeps the literal types of a route definition (an upload route when it has `upload`). */
export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, U extends z.ZodType>(
  def: UploadRouteDef<P, Q, B, R, U>,
): UploadRouteDef<P, Q, B, R, U>;
export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: JsonRouteDef<P, Q, B, R>,
): JsonRouteDef<P, Q, B, R>;
export function defineRoute(def: RouteDef): RouteDef {
  return def;
}

/** Identity helper for a streaming route: no JSON response, a declared emitted-item schema instead. */
export function defineStreamRoute<P extends z.ZodType, Q extends z.ZodType, E extends z.ZodType>(
  def: Omit<StreamRouteDef<P, Q, E>, 'response' | 'body' | 'upload'>,
): StreamRouteDef<P, Q, E> {
  return { ...def, response: null };
}

/** True for a streaming route. */
export function isStreamRoute(def: RouteDef): def is StreamRouteDef {
  return def.emits !== undefined;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Parsed (server-side) parts of a request for a route. */
export type RouteParams<D> = D extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType | null> ? Infer<P> : never;
export type RouteQuery<D> = D extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType | null> ? Infer<Q> : never;
export type RouteBody<D> = D extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType | null> ? Infer<B> : never;
/** The response of a route (given as its definition or its head). */
export type RouteResponse<D> = RouteOf<D> extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? Infer<R> : never;
/** Parsed text fields of a route's multipart variant. */
export type RouteUploadFields<D> = RouteOf<D> extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType | null, infer U> ? Infer<U> : never;
/** One item a streaming route emits. */
export type RouteEmitted<D> = D extends StreamRouteDef<z.ZodType, z.ZodType, infer E> ? z.infer<E> : never;

/** What a client sends for a route, given as its definition or its head (schema inputs, before defaults and coercion). */
export interface RouteRequest<D> {
  params?: RouteOf<D> extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType | null> ? Input<P> : never;
  query?: RouteOf<D> extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType | null> ? Input<Q> : never;
  body?: RouteOf<D> extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType | null> ? Input<B> : never;
}

/** Fills `:name` parameters of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}
