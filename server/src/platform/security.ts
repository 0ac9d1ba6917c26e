import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Constant-time token comparison (hashing first makes the lengths equal). */
export function tokensEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** Every /api route requires `Authorization: Bearer <token>`; there are no exemptions. */
export function installAuth(app: FastifyInstance, getToken: () => string): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1] || !tokensEqual(match[1], getToken())) throw new AppError('auth.unauthorized', 'Unauthorized');
  });
}
