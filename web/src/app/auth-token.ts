import { AUTH_TOKEN_PATTERN } from '@cui/contract/constants';

/**
 * Storage key of the access token (spec §6: '{prefix}-auth-token').
 * Deliberate departure from the spec (README): the token lives in local storage only, never in a cookie. Cookies
 * ignore ports, so a cookie would reach (and be readable by) every other web server on the same host.
 */
export const TOKEN_KEY = 'cui-auth-token';

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

function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/**
 * Deletes the cookie earlier versions kept the token in; a valid token found there moves to local storage when
 * local storage holds none, so nobody is logged out by the change.
 */
export function dropTokenCookie(): void {
  const fromCookie = readCookie(TOKEN_KEY);
  if (fromCookie === undefined) return;
  if (localStorage.getItem(TOKEN_KEY) === null && isValidToken(fromCookie)) localStorage.setItem(TOKEN_KEY, fromCookie);
  deleteCookie(TOKEN_KEY);
}

/** The held token (local storage). */
export function getStoredToken(): string | undefined {
  const token = localStorage.getItem(TOKEN_KEY);
  return token && isValidToken(token) ? token : undefined;
}

/** Stores the token in local storage. */
export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** Event dispatched on `window` when the server rejected the held token (any 401). */
export const UNAUTHORIZED_EVENT = 'cui:unauthorized';

/** Drops the rejected token and tells the auth gate to show the login screen again. */
export function signalUnauthorized(target: EventTarget = window): void {
  clearToken();
  target.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}
