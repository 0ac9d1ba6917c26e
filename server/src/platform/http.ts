import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatZodError, type JsonRouteDef, type RouteDef, type StreamRouteDef, type UploadRouteDef } from '@cui/contract';
import type { z } from 'zod';
import { AppError } from './app-error';
import { isMultipartRequest, readUpload, type Upload } from './upload';

export { installUploads, type Upload, type UploadedFile } from './upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's `RouteDef.auth`: 'capability' for a route whose URL carries its own credential. */
    auth?: 'capability' | 'ticket';
  }
}

type Parsed<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Out<R> = R extends z.ZodType ? z.input<R> : never;

/** What a handler of a JSON route receives: the request parts, already validated against the contract. */
export interface RouteInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler of a route with an upload variant receives: the JSON body or the multipart upload, never both. */
export interface UploadRouteInput<P, Q, B, U> extends Omit<RouteInput<P, Q, B>, 'body'> {
  body: Parsed<B> | undefined;
  upload: Upload<Parsed<U>> | undefined;
}

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown): Parsed<T> {
  if (!schema) return undefined as Parsed<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('validation.failed', formatZodError(result.error));
  return result.data as Parsed<T>;
}

type Handler<I, R> = (input: I) => Promise<Out<R>> | Out<R>;

/**
 * Registers one route of the contract's route table. Params, query and body are validated with the
 * contract's schemas (400 `validation.failed` with a readable message); the handler's return value is
 * typed by the response schema and sent as JSON. A route with an `upload` variant (needs `installUploads`)
 * reads a multipart/form-data request against its upload spec and hands the handler `upload` instead of
 * `body` (415 for any other request when it has no JSON `body`); every other route refuses multipart with 415.
 */
export function registerRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  def: UploadRouteDef<P, Q, B, R, U>,
  handler: Handler<UploadRouteInput<P, Q, B, U>, R>,
): void;
export function registerRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  def: JsonRouteDef<P, Q, B, R>,
  handler: Handler<RouteInput<P, Q, B>, R>,
): void;
export function registerRoute(app: FastifyInstance, def: RouteDef, handler: Handler<UploadRouteInput<z.ZodType, z.ZodType, z.ZodType, z.ZodType>, z.ZodType>): void {
  app.route({
    method: def.method,
    url: def.path,
    // The security hooks read it: a capability route skips the bearer token and the origin guard (security-hooks.ts).
    config: def.auth ? { auth: def.auth } : {},
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    handler: async (request, reply) => {
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      if (isMultipartRequest(request)) {
        if (!def.upload) throw new AppError('request.unsupported_media_type', 'Unsupported content type: send application/json');
        const upload = await readUpload(request, def.upload);
        return reply.send(await handler({ params, query, body: undefined, upload, request, reply }));
      }
      if (def.upload && !def.body) throw new AppError('request.unsupported_media_type', 'Unsupported content type: send multipart/form-data');
      const body = parsePart(def.body, request.body);
      return reply.send(await handler({ params, query, body, upload: undefined, request, reply }));
    },
  });
}

/**
 * Registers a streaming route (it declares what it `emits` in the contract). The handler owns `reply.raw`
 * and writes items in the declared framing; params and query are validated like any other route.
 */
export function registerStreamRoute<P extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance,
  def: StreamRouteDef<P, Q>,
  handler: (input: RouteInput<P, Q, undefined>) => Promise<void> | void,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      if (isMultipartRequest(request)) throw new AppError('request.unsupported_media_type', 'Unsupported content type: send application/json');
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      await handler({ params, query, body: undefined as Parsed<undefined>, request, reply });
    },
  });
}
