import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import { publicConfig, restoreMaskedSecrets } from './secrets';

export { isMasked, maskSecret, publicConfig, restoreMaskedSecrets } from './secrets';

/** GET /api/config and PUT /api/config (partial, deep-merged, validated; nothing is written on failure). */
export function registerSettingsRoutes(app: FastifyInstance, deps: Pick<PlatformDeps, 'config' | 'logger'>): void {
  const log = deps.logger.child({ component: 'settings' });
  registerRoute(app, routes.config.getConfig, () => publicConfig(deps.config.get()));
  registerRoute(app, routes.config.updateConfig, ({ body, request }) => {
    const next = deps.config.update(restoreMaskedSecrets(body, deps.config.get()));
    // Which sections changed, never their values (they may hold API keys).
    log.info({ requestId: request.id, sections: Object.keys(body) }, 'config updated');
    return publicConfig(next);
  });
}
