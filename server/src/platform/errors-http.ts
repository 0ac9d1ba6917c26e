import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isAppError } from './app-error';
import { isApiPath } from './security';

/** Fastify's body-parser failures that mean "the JSON body could not be read" (spec §5: 'Invalid JSON'). */
const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** SQLite result codes that mean the database file itself is damaged (better-sqlite3's SqliteError.code). */
const DAMAGED_DB_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** A damage the start-up check did not see (it happened later): say which file and what to do, not just 500. */
function damagedDatabaseMessage(dbPath: string | undefined): string {
  const file = dbPath ?? 'cui.db';
  return `The database ${file} is damaged. Restart cui: it moves the file aside, restores names, pins and archive flags from its backup and rebuilds the session list from the transcripts.`;
}

/** Maps every failure to `{error, code}` with the status of its code; unknown errors are 500 and logged with cause. */
export function installErrorHandler(app: FastifyInstance, logger: Logger, options: { dbPath?: string } = {}): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isAppError(error)) {
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    if (DAMAGED_DB_CODES.has((error as { code?: string }).code ?? '')) {
      logger.error({ component: 'db', requestId: request.id, err: error }, damagedDatabaseMessage(options.dbPath));
      return reply.status(503).send({ error: damagedDatabaseMessage(options.dbPath), code: 'storage.damaged' });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Request body too large', code: 'request.too_large' });
    }
    if (INVALID_JSON_CODES.has(fastifyError.code) || (fastifyError.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ error: 'Invalid JSON', code: 'request.invalid_json' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: 'Unsupported content type: send application/json', code: 'request.unsupported_media_type' });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({ error: error.message, code: 'validation.failed' });
    }
    logger.error({ component: 'http', requestId: request.id, err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal' });
  });
}

/**
 * 404 `{error, code}` for unknown routes. With `spaShell`, a GET outside /api gets the web app's index.html
 * instead (client-side routes such as /c/<id> and /inspector); needs @fastify/static registered.
 */
export function installNotFoundHandler(app: FastifyInstance, options: { spaShell: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.spaShell && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'route.not_found' });
  });
}
