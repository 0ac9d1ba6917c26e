import { AUTH_TOKEN_PATTERN } from '@cui/contract/constants';

/** Cookie name and storage key of the access token (spec §6: '{prefix}-auth-token'). */
export const TOKEN_KEY = 'cui-auth-token';
const COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function isValidToken(token: string): boolean {
  return AUTH_TOKEN_PATTERN.test(token);
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The held token: local storage first, then the cookie. */
export function getStoredToken(): string | undefined {
  const token = localStorage.getItem(TOKEN_KEY) ?? readCookie(TOKEN_KEY);
  return token && isValidToken(token) ? token : undefined;
}

/** Stores the token in the cookie (7 days, path /, SameSite Strict) and local storage. */
export function storeToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  document.cookie = `${TOKEN_KEY}=; Max-Age=0; Path=/; SameSite=Strict`;
  localStorage.removeItem(TOKEN_KEY);
}

/** Event dispatched on `window` when the server rejected the held token (any 401). */
export const UNAUTHORIZED_EVENT = 'cui:unauthorized';

/** Drops the rejected token and tells the auth gate to show the login screen again. */
export function signalUnauthorized(target: EventTarget = window): void {
  clearToken();
  target.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}
