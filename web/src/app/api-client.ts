import { buildPath, ErrorBody, type RouteDef, type RouteRequest, type RouteResponse } from '@cui/contract';
import { getStoredToken, signalUnauthorized } from './auth-token';

/** An error from the API: `message` is what the UI shows (spec §8), `code` the contract's error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Headers every call sends: JSON content type and the bearer token when held (spec §6, §7). */
export function authHeaders(): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * Turns a non-OK response into an ApiError: 401 → 'Unauthorized', else the body's `error`, else 'HTTP {status}'.
 * A 401 also drops the held token and sends the user back to the login screen (see AuthGate).
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  if (response.status === 401) {
    signalUnauthorized();
    return new ApiError('Unauthorized', 401, 'auth.unauthorized');
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = ErrorBody.partial().safeParse(body);
  const message = parsed.success && parsed.data.error ? parsed.data.error : `HTTP ${response.status}`;
  return new ApiError(message, response.status, parsed.success ? parsed.data.code : undefined);
}

/** URL of a route with its params and query filled in. */
export function routeUrl<D extends RouteDef>(def: D, request: RouteRequest<D> = {}): string {
  return buildPath(def.path, request.params as Record<string, string> | undefined) + queryString(request.query as Record<string, unknown> | undefined);
}

/** Calls one route of the contract's route table and returns its typed response. */
export async function apiCall<D extends RouteDef>(def: D, request: RouteRequest<D> = {}, init: { signal?: AbortSignal } = {}): Promise<RouteResponse<D>> {
  const response = await fetch(routeUrl(def, request), {
    method: def.method,
    headers: authHeaders(),
    body: request.body === undefined ? (def.method === 'GET' ? undefined : '{}') : JSON.stringify(request.body),
    signal: init.signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as RouteResponse<D>;
}
