import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatZodError, type JsonRouteDef, type StreamRouteDef, type UploadRouteDef } from '@cui/contract';
import type { z } from 'zod';
import { AppError } from './app-error';
import { isMultipartRequest, readUpload, type Upload } from './upload';

export { installUploads, type Upload, type UploadedFile } from './upload';

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

function refuseMultipart(request: FastifyRequest): void {
  if (isMultipartRequest(request)) throw new AppError('request.unsupported_media_type', 'Unsupported content type: send application/json');
}

/**
 * Registers one route of the contract's route table. Params, query and body are validated with the
 * contract's schemas (400 `validation.failed` with a readable message); the handler's return value is
 * typed by the response schema and sent as JSON. A multipart body is 415: see `registerUploadRoute`.
 */
export function registerRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  def: JsonRouteDef<P, Q, B, R>,
  handler: (input: RouteInput<P, Q, B>) => Promise<Out<R>> | Out<R>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      refuseMultipart(request);
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      const body = parsePart(def.body, request.body);
      const result = await handler({ params, query, body, request, reply });
      return reply.send(result);
    },
  });
}

/**
 * Registers a route with a multipart variant (`upload` in the contract; needs `installUploads`). A
 * multipart/form-data request is read and checked against the upload spec; any other request is validated
 * against `body` like a JSON route, or refused with 415 when the route takes uploads only.
 */
export function registerUploadRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  def: UploadRouteDef<P, Q, B, R, U>,
  handler: (input: UploadRouteInput<P, Q, B, U>) => Promise<Out<R>> | Out<R>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      if (isMultipartRequest(request)) {
        const upload = (await readUpload(request, def.upload)) as Upload<Parsed<U>>;
        return reply.send(await handler({ params, query, body: undefined, upload, request, reply }));
      }
      if (!def.body) throw new AppError('request.unsupported_media_type', 'Unsupported content type: send multipart/form-data');
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
      refuseMultipart(request);
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      await handler({ params, query, body: undefined as Parsed<undefined>, request, reply });
    },
  });
}
