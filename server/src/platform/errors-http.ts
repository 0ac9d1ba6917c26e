import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isAppError } from './app-error';

/** Maps every failure to `{error, code}` with the status of its code; unknown errors are 500 and logged with cause. */
export function installErrorHandler(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isAppError(error)) {
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Request body too large', code: 'request.too_large' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fastifyError.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ error: 'Invalid JSON', code: 'request.invalid_json' });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({ error: error.message, code: 'validation.failed' });
    }
    logger.error({ component: 'http', requestId: request.id, err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'route.not_found' });
  });
}
