import { routes } from '@/app/routes';
import { isValidToken } from '@/app/auth-token';

export type TokenCheck = 'valid' | 'invalid' | 'rate_limited' | 'unreachable';

/**
 * Checks a typed token: bad format or a 401 from GET /api/system/status is 'invalid';
 * a 429 (too many failed attempts from this client) is 'rate_limited'; a network failure or another error
 * status is 'unreachable' (the token may be fine).
 */
export async function verifyToken(token: string, fetchFn: typeof fetch = fetch): Promise<TokenCheck> {
  if (!isValidToken(token)) return 'invalid';
  try {
    const response = await fetchFn(routes.system.status.path, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status === 401) return 'invalid';
    if (response.status === 429) return 'rate_limited';
    return response.ok ? 'valid' : 'unreachable';
  } catch {
    // A network error says nothing about the token; the screen reports it separately.
    return 'unreachable';
  }
}
