import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { bearerToken, hostAllowed, isApiPath, isSameOrigin, isStateChanging, tokensEqual } from './security';

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

function installOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && isStateChanging(request.method) && !isSameOrigin(origin, request.headers.host)) {
      throw new AppError('request.forbidden_origin', 'Cross-origin request refused');
    }
  });
}

/**
 * Every /api route requires `Authorization: Bearer <token>`: no exemptions. Only failures are counted by the
 * rate limiter (successful requests never consume the budget); once a client is over the limit every API
 * request from it gets 429 until the window ends, so a correct guess during the lockout gains nothing.
 */
async function installAuth(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const limit = options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT;
  await app.register(fastifyRateLimit, { global: false });
  const checkFailures = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs });
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    // The router decodes percent-escapes ('/%61pi/config' matches '/api/config'), so check the matched route too.
    if (!isApiPath(request.url) && !isApiPath(request.routeOptions.url ?? '')) return;
    const status = await checkFailures(request, { increment: false });
    if (!status.isAllowed && status.remaining <= 0) {
      reply.header('retry-after', String(status.ttlInSeconds));
      throw new AppError('auth.rate_limited', 'Too many authentication attempts. Try again later.');
    }
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && tokensEqual(token, options.getToken())) return;
    await checkFailures(request);
    throw new AppError('auth.unauthorized', 'Unauthorized');
  });
}

/**
 * Installs, in order: the DNS-rebinding host guard, the cross-origin guard for state-changing requests,
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
