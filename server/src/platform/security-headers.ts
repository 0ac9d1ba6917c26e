import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The sha256 CSP sources of the inline `<script>` elements (those without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The page may load only its own code; the inline theme script of index.html is allowed by its hash. Inline
 * styles stay allowed: the diff viewer and Radix inject `<style>` elements. No page may frame the console.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every response of the app and the API, errors included (installed before any guard). */
export function installSecurityHeaders(app: FastifyInstance, options: { indexHtml?: string }): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(options.indexHtml ? inlineScriptHashes(options.indexHtml) : []),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
