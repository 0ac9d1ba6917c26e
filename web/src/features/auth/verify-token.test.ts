import { describe, expect, it, vi } from 'vitest';
import { verifyToken } from './verify-token';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('verifyToken', () => {
  it('rejects a badly formatted token without calling the server', async () => {
    const fetchFn = vi.fn<typeof fetch>();
    await expect(verifyToken('0123', fetchFn)).resolves.toBe('invalid');
    await expect(verifyToken(TOKEN.toUpperCase(), fetchFn)).resolves.toBe('invalid');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('asks GET /api/system/status with the token as Bearer and accepts a 200', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    await expect(verifyToken(TOKEN, fetchFn)).resolves.toBe('valid');
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/api/system/status');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('treats a 401 as invalid', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"error":"Unauthorized"}', { status: 401 }));
    await expect(verifyToken(TOKEN, fetchFn)).resolves.toBe('invalid');
  });

  it('reports a 429 as rate limited', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"error":"Too many requests"}', { status: 429 }));
    await expect(verifyToken(TOKEN, fetchFn)).resolves.toBe('rate_limited');
  });

  it('reports a network failure or server error as unreachable, not invalid', async () => {
    await expect(verifyToken(TOKEN, vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')))).resolves.toBe('unreachable');
    await expect(verifyToken(TOKEN, vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 500 })))).resolves.toBe('unreachable');
  });
});
