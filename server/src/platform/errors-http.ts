import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { statusForCode, type ErrorCode } from '@cui/contract';
import { isAppError } from './app-error';
import { leaveDamageMarker } from './db-background-check';
import { isApiPath } from './security';
import { requestStorageError, storageFaultBehind } from './storage-faults';
import path from 'node:path';

/** Fastify's body-parser failures that mean "the JSON body could not be read" (spec §5: 'Invalid JSON'). */
const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** Fastify's own refusals, by error code. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['request.too_large', 'Request body too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['request.unsupported_media_type', 'Unsupported content type: send application/json'],
  FST_ERR_BAD_URL: ['request.bad_url', 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: ['request.url_too_long', 'URL too long'],
};

/** Any other 4xx of Fastify keeps its status where the contract has a code for it, else it is a 400. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'route.not_found',
  408: 'request.timeout',
  413: 'request.too_large',
  414: 'request.url_too_long',
  415: 'request.unsupported_media_type',
  431: 'request.header_too_large',
};

function send(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.status(statusForCode(code)).send({ error: message, code });
}

/**
 * For Fastify's `frameworkErrors` (a malformed percent-escape, a parameter over the length limit): the router
 * fails before the route's context exists, so the error handler would not be reached.
 */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): FastifyReply {
  const [code, message] = FASTIFY_CODES[error.code] ?? ['validation.failed', 'Bad request'];
  return send(reply, code, message);
}

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
    // A full disk or read-only folder (the database's or the config's): a storage code, not 500 (issue 29.13).
    const fault = storageFaultBehind(error, path.dirname(options.dbPath ?? '.'));
    if (fault) {
      const refusal = requestStorageError(fault, path.dirname(options.dbPath ?? 'cui.db'));
      logger.error({ component: 'storage', requestId: request.id, err: error, fault }, refusal.message);
      return reply.status(refusal.status).send({ error: refusal.message, code: refusal.code });
    }
    if (DAMAGED_DB_CODES.has((error as { code?: string }).code ?? '')) {
      logger.error({ component: 'db', requestId: request.id, err: error }, damagedDatabaseMessage(options.dbPath));
      // The next start checks only the user data before listening: the marker makes it repair the whole file.
      if (options.dbPath) leaveDamageMarker(options.dbPath, `SQLite reported damage while answering a request: ${error.message}`);
      return reply.status(503).send({ error: damagedDatabaseMessage(options.dbPath), code: 'storage.damaged' });
    }
    const fastifyError = error as FastifyError;
    const known = FASTIFY_CODES[fastifyError.code];
    if (known) return send(reply, known[0], known[1]);
    if (INVALID_JSON_CODES.has(fastifyError.code) || (fastifyError.statusCode === 400 && error instanceof SyntaxError)) {
      return send(reply, 'request.invalid_json', 'Invalid JSON');
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return send(reply, CODE_BY_STATUS[fastifyError.statusCode] ?? 'validation.failed', error.message);
    }
    logger.error({ component: 'http', requestId: request.id, err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal' });
  });
}

function isErrorBody(payload: string): boolean {
  try {
    const body = JSON.parse(payload) as { error?: unknown; code?: unknown };
    return typeof body.error === 'string' && typeof body.code === 'string';
  } catch {
    return false;
  }
}

/**
 * Safety net for error answers written by plugins rather than thrown (e.g. @fastify/cors' plain-text
 * 'Invalid Preflight Request'): any 4xx/5xx text body that is not `{error, code}` is wrapped into one.
 */
export function installErrorBodyGuard(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || isErrorBody(payload)) return payload;
    const code = reply.statusCode >= 500 ? 'internal' : (CODE_BY_STATUS[reply.statusCode] ?? 'validation.failed');
    reply.status(statusForCode(code)).type('application/json; charset=utf-8');
    return JSON.stringify({ error: payload.trim() || 'Request refused', code });
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
