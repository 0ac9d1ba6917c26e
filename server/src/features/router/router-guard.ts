import { timingSafeEqual } from 'node:crypto';

/** Request headers as Node gives them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the router serves a request: it must carry the per-boot secret (the CLI sends ANTHROPIC_API_KEY as
 * `x-api-key`; `Authorization: Bearer` is accepted too) and no `Origin` header at all — no browser page may
 * reach it, whatever port it finds (llms answers `/providers` with the providers' API keys).
 */
export function routerRequestAllowed(headers: HeaderBag, secret: string): boolean {
  if (headers.origin !== undefined) return false;
  const bearer = typeof headers.authorization === 'string' && headers.authorization.startsWith('Bearer ') ? headers.authorization.slice(7) : undefined;
  return sameSecret(headers['x-api-key'], secret) || sameSecret(bearer, secret);
}
