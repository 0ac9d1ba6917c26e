import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatZodError, type RouteDef } from '@cui/contract';
import type { z } from 'zod';
import { AppError } from './app-error';

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

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown): Parsed<T> {
  if (!schema) return undefined as Parsed<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('validation.failed', formatZodError(result.error));
  return result.data as Parsed<T>;
}

/**
 * Registers one route of the contract's route table. Params, query and body are validated with the
 * contract's schemas (400 `validation.failed` with a readable message); the handler's return value is
 * typed by the response schema and sent as JSON.
 */
export function registerRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B, R>,
  handler: (input: RouteInput<P, Q, B>) => Promise<Out<R>> | Out<R>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      const body = parsePart(def.body, request.body);
      const result = await handler({ params, query, body, request, reply });
      return reply.send(result);
    },
  });
}

/**
 * Registers a streaming route (response: null in the contract). The handler owns `reply.raw`;
 * params and query are validated like any other route.
 */
export function registerStreamRoute<P extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance,
  def: RouteDef<P, Q, z.ZodType, null>,
  handler: (input: RouteInput<P, Q, undefined>) => Promise<void> | void,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      await handler({ params, query, body: undefined as Parsed<undefined>, request, reply });
    },
  });
}
