import type { ErrorBody, RouteHead, RouteRequest, RouteResponse, RouteUploadFields, UploadRouteDef } from '@cui/contract';
import { type ErrorCode, isErrorCode } from '@cui/contract/error-codes';
import { buildPath } from '@cui/contract/route';
import { getStoredToken, signalUnauthorized } from './auth-token';

/**
 * An error from the API: `message` is what the UI shows (spec §8), `code` the contract's error code (undefined when
 * the body had none, or one outside the contract's union: a non-JSON body, a proxy's page, gives 'HTTP {status}').
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  constructor(message: string, status: number, code?: ErrorCode) {
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
  const body = errorBodyFields(await response.json().catch(() => undefined));
  const code = body?.code !== undefined && isErrorCode(body.code) ? body.code : undefined;
  return new ApiError(body?.error || `HTTP ${response.status}`, response.status, code);
}

/**
 * The contract's error body, checked by hand: `ErrorBody` is a zod schema, and the client's first load carries no zod.
 * A field of the wrong type makes the whole body unreadable, as the schema would.
 */
function errorBodyFields(body: unknown): Partial<ErrorBody> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { error, code } = body as Record<string, unknown>;
  if ((error !== undefined && typeof error !== 'string') || (code !== undefined && typeof code !== 'string')) return undefined;
  return { error, code };
}

/** URL of a route with its params and query filled in. */
export function routeUrl<H extends RouteHead>(def: H, request: RouteRequest<H> = {}): string {
  return buildPath(def.path, request.params as Record<string, string> | undefined) + queryString(request.query as Record<string, unknown> | undefined);
}

async function send<H extends RouteHead>(def: H, request: RouteRequest<H>, init: RequestInit): Promise<RouteResponse<H>> {
  const response = await fetch(routeUrl(def, request), { ...init, method: def.method });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as RouteResponse<H>;
}

/** Calls one route of the contract's route table (its head, see ./routes.ts) and returns its typed response. */
export function apiCall<H extends RouteHead>(
  def: H,
  request: RouteRequest<H> = {},
  init: { signal?: AbortSignal } = {},
): Promise<RouteResponse<H>> {
  const body = request.body === undefined ? (def.method === 'GET' ? undefined : '{}') : JSON.stringify(request.body);
  return send(def, request, { headers: authHeaders(), body, signal: init.signal });
}

/** What a client sends to a route's multipart variant: text fields, then files by part name. */
export interface UploadRequest<D> extends Omit<RouteRequest<D>, 'body'> {
  fields?: { [K in keyof RouteUploadFields<D>]?: string };
  files: Record<string, Blob | { blob: Blob; filename: string }>;
}

/** Sends a multipart/form-data upload to a route with an `upload` variant (the browser sets the boundary). */
export function apiUpload<H extends RouteHead<UploadRouteDef>>(
  def: H,
  request: UploadRequest<H>,
  init: { signal?: AbortSignal } = {},
): Promise<RouteResponse<H>> {
  const form = new FormData();
  // Text parts first: the server reads parts in order, and fields sent after a file arrive after it.
  for (const [name, value] of Object.entries(request.fields ?? {})) if (typeof value === 'string') form.append(name, value);
  for (const [name, file] of Object.entries(request.files)) {
    if (file instanceof Blob) form.append(name, file, name);
    else form.append(name, file.blob, file.filename);
  }
  const headers = authHeaders();
  headers.delete('Content-Type');
  return send(def, request, { headers, body: form, signal: init.signal });
}
