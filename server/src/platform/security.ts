import crypto from 'node:crypto';
import net from 'node:net';

/** Constant-time token comparison (hashing first makes the lengths equal, so length leaks nothing either). */
export function tokensEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/** True for a path the token guards: `/api` and everything under it (case-insensitive, query ignored). */
export function isApiPath(url: string): boolean {
  const pathname = (url.split('?')[0] ?? '').toLowerCase();
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** True for an address the machine only reaches itself on: 127.0.0.0/8, ::1, ::ffff:127.x. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** True for a loopback host name: `localhost`, 127.x.x.x or [::1]. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || isLoopbackAddress(name);
}

/** Splits a Host header into name and port (undefined when absent); undefined for a malformed header. */
export function parseHostHeader(host: string): { hostname: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match?.[1]) return undefined;
  return { hostname: match[1], port: match[2] === undefined ? undefined : Number(match[2]) };
}

/**
 * DNS-rebinding guard. When the server listens on a loopback address, only Host headers naming a loopback
 * host with the listening port are accepted (a page on evil.example that re-resolves to 127.0.0.1 sends
 * `Host: evil.example`). When it listens on a public address the operator chose to expose it: any Host passes.
 */
export function hostAllowed(hostHeader: string | undefined, bound: { address: string; port: number }): boolean {
  if (!isLoopbackAddress(bound.address) && bound.address !== 'localhost') return true;
  if (!hostHeader) return false;
  const parsed = parseHostHeader(hostHeader);
  if (!parsed || !isLoopbackName(parsed.hostname)) return false;
  return (parsed.port ?? 80) === bound.port;
}

/** True when an `Origin` header names the same scheme-less host the request was sent to. */
export function isSameOrigin(origin: string, hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === hostHeader.toLowerCase();
  } catch {
    // 'null' (sandboxed frames, file://) and garbage are not our origin.
    return false;
  }
}

/** Methods that change state: refused when sent cross-origin. */
export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * True for a request a browser made on behalf of a page of another origin (Fetch Metadata): `cross-site`, and
 * `same-site` too, since every port of localhost is the same site. Absent (non-browser clients, old browsers)
 * and `same-origin`/`none` (typed URL, bookmark) pass.
 */
export function isForeignFetch(secFetchSite: string | undefined): boolean {
  return secFetchSite !== undefined && !['same-origin', 'none'].includes(secFetchSite.toLowerCase());
}
