import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { bearerToken, hostAllowed, isApiPath, isForeignFetch, isSameOrigin, isStateChanging, tokensEqual } from './security';

/** How many failed token checks one client may make per window before it gets 429. */
export interface AuthFailureLimit {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = { max: 30, timeWindowMs: 60_000 };
/**
 * Failed calls of capability routes (a notification's Approve/Deny with an unknown token: a guess, a used or expired
 * link) one client may make per window; beyond it, its unknown tokens get 429. A live token always works: behind a
 * tunnel every phone shares one address, and a page posting junk must not shut a real tap out. The 256-bit token cannot
 * be guessed anyway; this only keeps floods off the registry.
 */
export const DEFAULT_CAPABILITY_LIMIT: AuthFailureLimit = { max: 30, timeWindowMs: 60_000 };

export interface SecurityOptions {
  /** The token in force (the `--token` override or the config's); read on every request. */
  getToken: () => string;
  authFailureLimit?: AuthFailureLimit;
  capabilityLimit?: AuthFailureLimit;
  /**
   * The host (`name[:port]`, lower case) of the console's public URL (a tunnel or reverse proxy the phone reaches),
   * read on every request: the host guard accepts it besides loopback names. Undefined when none is set.
   */
  getPublicHost?: () => string | undefined;
}

function boundAddress(app: FastifyInstance): { address: string; port: number } | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? { address: address.address, port: address.port } : undefined;
}

function installHostGuard(app: FastifyInstance, getPublicHost: () => string | undefined): void {
  app.addHook('onRequest', async (request) => {
    const bound = boundAddress(app);
    // The user named this host as their own (a DNS-rebinding page cannot be served from it).
    const publicHost = getPublicHost();
    if (publicHost !== undefined && request.headers.host?.toLowerCase() === publicHost) return;
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
 * A route registered from a contract entry with `auth: 'capability'` (the matched route, so percent-escapes or a
 * look-alike path never qualify): its URL's secret is the credential, and it can do nothing but its one decision.
 */
function isCapabilityRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config.auth === 'capability';
}

/**
 * A page of another origin may neither change state anywhere nor reach the API at all, reading included; only a
 * capability route is exempt (the ntfy web app POSTs its action links from its own origin). This runs
 * before the token check, so such requests never count as failed attempts: a web page cannot lock the user out.
 */
function installOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isCapabilityRequest(request)) return;
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

/** Capability requests whose client is over its failure limit: the seconds until it may guess again. */
const capabilityOverLimit = new WeakMap<FastifyRequest, number>();

/**
 * For a capability route's handler that found no live token for the request: the 429 to throw when its client has
 * used up its failed attempts, else undefined (the route then answers its own 404).
 */
export function capabilityGuessRefusal(request: FastifyRequest, reply: FastifyReply): AppError | undefined {
  const ttl = capabilityOverLimit.get(request);
  return ttl === undefined ? undefined : rateLimited(reply, ttl, 'Too many requests. Try again later.');
}

function rateLimited(reply: FastifyReply, ttlInSeconds: number, message: string): AppError {
  reply.header('retry-after', String(ttlInSeconds));
  return new AppError('auth.rate_limited', message);
}

/**
 * Every /api route requires `Authorization: Bearer <token>`, except capability routes, which carry their own secret
 * and instead count their failed calls (unknown tokens) against their own per-client limit. The correct token always works;
 * only failures are counted, and once a client is over the limit its failed attempts get 429 until the window
 * ends (a 128-bit token cannot be guessed in 30 tries a minute, and nobody else can lock the user out).
 */
async function installAuth(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const limit = options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT;
  const capabilityLimit = options.capabilityLimit ?? DEFAULT_CAPABILITY_LIMIT;
  await app.register(fastifyRateLimit, { global: false });
  const checkFailures = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs });
  const checkCapability = app.createRateLimit({ max: capabilityLimit.max, timeWindow: capabilityLimit.timeWindowMs });
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (isCapabilityRequest(request)) {
      const status = await checkCapability(request, { increment: false });
      if (!status.isAllowed && status.remaining <= 0) capabilityOverLimit.set(request, status.ttlInSeconds);
      return;
    }
    if (!isApiRequest(request)) return;
    // A terminal's WebSocket (browsers cannot send Authorization there): its handler takes a single-use ticket instead.
    if (request.routeOptions.config.auth === 'ticket') return;
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && tokensEqual(token, options.getToken())) return;
    const status = await checkFailures(request, { increment: false });
    if (!status.isAllowed && status.remaining <= 0) throw rateLimited(reply, status.ttlInSeconds, 'Too many authentication attempts. Try again later.');
    await checkFailures(request);
    throw new AppError('auth.unauthorized', 'Unauthorized');
  });
  // A capability call counts once answered 404 (no such live token) or 400 (not even a token's shape): guesses are
  // limited, uses are not.
  app.addHook('onResponse', async (request, reply) => {
    if (isCapabilityRequest(request) && (reply.statusCode === 404 || reply.statusCode === 400)) await checkCapability(request);
  });
}

/**
 * Installs, in order: the DNS-rebinding host guard, the cross-origin guard (state-changing requests and the API),
 * bearer-token auth with failure rate limiting, and CORS that grants nothing beyond the page's own origin. Capability
 * routes (`auth: 'capability'` in the contract) are the one exemption from the origin guard, auth and that CORS rule.
 */
export async function installSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  installHostGuard(app, options.getPublicHost ?? (() => undefined));
  installOriginGuard(app);
  await installAuth(app, options);
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      // A capability route answers any origin ('*', never with credentials): the ntfy web app reads its status.
      if (isCapabilityRequest(request)) return callback(null, { origin: '*', credentials: false });
      const origin = request.headers.origin;
      callback(null, { origin: origin !== undefined && isSameOrigin(origin, request.headers.host) });
    },
  });
}
