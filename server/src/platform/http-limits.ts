import http from 'node:http';
import type net from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFY_ACTION_PATH, statusForCode, type ErrorCode } from '@cui/contract';
import { sendFrameworkError } from './errors-http';

/** Socket and request time limits of the HTTP server. */
export interface HttpTimeouts {
  /** The whole request (headers and body) must arrive within this (408 beyond): a trickled body is cut off. */
  requestMs: number;
  /** The headers must arrive within this (408 beyond). */
  headersMs: number;
  /** A connection with no traffic either way for this long is closed (SSE heartbeats every 15 s keep streams alive). */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often the request and header limits are checked (Node checks every 30 s by default). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 60_000, headersMs: 15_000, idleMs: 120_000, keepAliveMs: 5_000, checkIntervalMs: 1_000 };

function rawErrorResponse(code: ErrorCode, message: string): string {
  const status = statusForCode(code);
  const body = JSON.stringify({ error: message, code });
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Requests Node refuses before Fastify sees them (a timeout, headers over 16 KB, a request line that is not HTTP)
 * still get an `{error, code}` body.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: net.Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(rawErrorResponse('request.timeout', 'Request timed out'));
    else if (error.code === 'HPE_HEADER_OVERFLOW') socket.write(rawErrorResponse('request.header_too_large', 'Request headers too large'));
    else socket.write(rawErrorResponse('request.malformed', 'Malformed HTTP request'));
  }
  socket.destroy();
}

function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendFrameworkError(error, reply);
}

/**
 * Routes validate with the contract's zod parsers, never with a Fastify route schema. Fastify builds its default
 * compilers (Ajv and fast-json-stringify, ~16 ms of start-up to load) unless it is given its own factories; these are
 * only called for a route that declares a schema, and refuse it.
 */
function noRouteSchemas(): never {
  throw new Error('Fastify route schemas are not used: parse the request with the contract\'s zod schema in the handler');
}

/** The Fastify options that bound time and size at the socket level and answer refusals with contract codes. */
export function httpServerOptions(timeouts: HttpTimeouts): Partial<FastifyHttpOptions<http.Server>> {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // Shutdown ends the runs and their streams first (preClose); whatever is still open then, a stalled upload
    // included, is cut rather than waited for.
    forceCloseConnections: true,
    clientErrorHandler,
    frameworkErrors,
    schemaController: { compilersFactory: { buildValidator: noRouteSchemas, buildSerializer: noRouteSchemas } },
  };
}

/** `/api/notify-actions/`: what follows is a capability token, which a log line must never hold. */
const CAPABILITY_PREFIX = NOTIFY_ACTION_PATH.slice(0, NOTIFY_ACTION_PATH.indexOf(':'));

/** The path as the log shows it: capability tokens (any case of the prefix, the router matches it so) are redacted. */
export function loggedPath(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.toLowerCase().startsWith(CAPABILITY_PREFIX) ? `${pathname.slice(0, CAPABILITY_PREFIX.length)}[redacted]` : pathname;
}

/** How a request appears in the request log: the path only, since a query string may carry anything. */
export function serializeRequest(request: { method: string; url: string; ip?: string }): Record<string, unknown> {
  return { method: request.method, url: loggedPath(request.url), remoteAddress: request.ip };
}
