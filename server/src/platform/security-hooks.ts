import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { bearerToken, hostAllowed, isApiPath, isForeignFetch, isSameOrigin, isStateChanging, tokensEqual } from './security';

/** How many failed token checks one client may make per window before it gets 429. */
export interface AuthFailureLimit {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = { max: 30, timeWindowMs: 60_000 };

export interface SecurityOptions {
  /** The token in force (the `--token` override or the config's); read on every request. */
  getToken: () => string;
  authFailureLimit?: AuthFailureLimit;
}

function boundAddress(app: FastifyInstance): { address: string; port: number } | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? { address: address.address, port: address.port } : undefined;
}

function installHostGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const bound = boundAddress(app);
    if (bound && !hostAllowed(request.headers.host, bound)) {
      throw new AppError('request.forbidden_host', 'Forbidden host');
    }
  });
}

/** An /api request: the router decodes percent-escapes ('/%61pi/config' matches '/api/config'), so the matched route counts too. */
function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.url) || isApiPath(request.routeOptions.url ?? '');
}

/**
 * A page of another origin may neither change state anywhere nor reach the API at all, reading included. This runs
 * before the token check, so such requests never count as failed attempts: a web page cannot lock the user out.
 */
function installOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && !isSameOrigin(origin, request.headers.host);
    const api = isApiRequest(request);
    const secFetchSite = request.headers['sec-fetch-site'];
    const foreignFetch = api && isForeignFetch(typeof secFetchSite === 'string' ? secFetchSite : undefined);
    if ((foreignOrigin && (api || isStateChanging(request.method))) || foreignFetch) {
      throw new AppError('request.forbidden_origin', 'Cross-origin request refused');
    }
  });
}

/**
 * Every /api route requires `Authorization: Bearer <token>`: no exemptions. The correct token always works;
 * only failures are counted, and once a client is over the limit its failed attempts get 429 until the window
 * ends (a 128-bit token cannot be guessed in 30 tries a minute, and nobody else can lock the user out).
 */
async function installAuth(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const limit = options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT;
  await app.register(fastifyRateLimit, { global: false });
  const checkFailures = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs });
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!isApiRequest(request)) return;
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && tokensEqual(token, options.getToken())) return;
    const status = await checkFailures(request, { increment: false });
    if (!status.isAllowed && status.remaining <= 0) {
      reply.header('retry-after', String(status.ttlInSeconds));
      throw new AppError('auth.rate_limited', 'Too many authentication attempts. Try again later.');
    }
    await checkFailures(request);
    throw new AppError('auth.unauthorized', 'Unauthorized');
  });
}

/**
 * Installs, in order: the DNS-rebinding host guard, the cross-origin guard (state-changing requests and the API),
 * bearer-token auth with failure rate limiting, and CORS that grants nothing beyond the page's own origin.
 */
export async function installSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  installHostGuard(app);
  installOriginGuard(app);
  await installAuth(app, options);
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, { origin: origin !== undefined && isSameOrigin(origin, request.headers.host) });
    },
  });
}
