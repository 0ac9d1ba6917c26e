import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoute } from '@cui/contract';
import { routes } from './routes';
import { z } from 'zod';
import { ApiError, apiCall, apiUpload, routeUrl } from './api-client';
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

/** A dummy upload route, standing in for the voice transcription route that comes next. */
const dummyUpload = defineRoute({
  name: 'dummyUpload',
  summary: 'Test only: an upload.',
  method: 'POST',
  path: '/api/test/:id/upload',
  params: z.object({ id: z.string() }),
  upload: { fields: z.object({ language: z.string().optional() }), files: { audio: { maxBytes: 1024, required: true } } },
  response: z.object({ text: z.string() }),
});

describe('apiUpload', () => {
  it('posts multipart form data with the token, the text fields first and the file parts by name', async () => {
    storeToken(TOKEN);
    const fetchMock = mockFetch(Response.json({ text: 'hello' }));
    const audio = new Blob(['abc'], { type: 'audio/webm' });
    const body = await apiUpload(dummyUpload, { params: { id: 'x y' }, fields: { language: 'de' }, files: { audio: { blob: audio, filename: 'voice.webm' } } });
    expect(body).toEqual({ text: 'hello' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/test/x%20y/upload');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    // The browser writes the multipart content type with its boundary; a JSON one would break the upload.
    expect(headers.has('content-type')).toBe(false);
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['language', 'audio']);
    expect(form.get('language')).toBe('de');
    const file = form.get('audio') as File;
    expect({ name: file.name, type: file.type, size: file.size }).toEqual({ name: 'voice.webm', type: 'audio/webm', size: 3 });
  });

  it('reports a refused upload like any other call', async () => {
    mockFetch(Response.json({ error: 'audio is larger than 1024 bytes', code: 'request.too_large' }, { status: 413 }));
    await expect(apiUpload(dummyUpload, { params: { id: 'x' }, files: { audio: new Blob(['a']) } })).rejects.toMatchObject({ status: 413, code: 'request.too_large' });
  });
});

describe('routeUrl', () => {
  it('leaves out empty query values', () => {
    expect(routeUrl(routes.logs.recent, { query: {} })).toBe('/api/logs/recent');
  });

  it('builds the run stream URL from the table, with the replay position', () => {
    expect(routeUrl(routes.stream.stream, { params: { streamingId: 'run/1' }, query: { from: 0 } })).toBe('/api/stream/run%2F1?from=0');
    expect(routeUrl(routes.stream.stream, { params: { streamingId: 'r' } })).toBe('/api/stream/r');
  });
});
