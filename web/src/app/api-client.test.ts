import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@cui/contract';
import { ApiError, apiCall, routeUrl } from './api-client';
import { storeToken, UNAUTHORIZED_EVENT } from './auth-token';

const TOKEN = 'abcdef0123456789abcdef0123456789';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'cui-auth-token=; Max-Age=0; Path=/';
});

describe('apiCall', () => {
  it('sends the JSON content type and the Bearer token when one is held', async () => {
    storeToken(TOKEN);
    const fetchMock = mockFetch(Response.json({ logs: ['a'] }));
    const body = await apiCall(routes.logs.recent, { query: { limit: 100 } });
    expect(body).toEqual({ logs: ['a'] });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/logs/recent?limit=100');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch(Response.json({ logs: [] }));
    await apiCall(routes.logs.recent);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('maps 401 to Unauthorized, drops the token and signals the auth gate', async () => {
    storeToken(TOKEN);
    mockFetch(Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 }));
    const signalled = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, signalled);
    await expect(apiCall(routes.system.status)).rejects.toMatchObject({ message: 'Unauthorized', status: 401 });
    window.removeEventListener(UNAUTHORIZED_EVENT, signalled);
    expect(signalled).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('cui-auth-token')).toBeNull();
    expect(document.cookie).not.toContain(TOKEN);
  });

  it("uses the body's error field as the message and keeps the code", async () => {
    mockFetch(Response.json({ error: 'Session not found', code: 'session.not_found' }, { status: 404 }));
    const error = await apiCall(routes.system.status).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Session not found', status: 404, code: 'session.not_found' });
  });

  it("falls back to 'HTTP {status}' when the body has no error field", async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiCall(routes.system.status)).rejects.toThrow('HTTP 502');
  });
});

describe('routeUrl', () => {
  it('leaves out empty query values', () => {
    expect(routeUrl(routes.logs.recent, { query: {} })).toBe('/api/logs/recent');
  });
});
