import type { FastifyInstance } from 'fastify';
import { CONFIG_SECTIONS, routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';
import { publicConfig, restoreMaskedSecrets } from './secrets';

/** GET /api/config and PUT /api/config (partial, merged, validated; nothing is written on failure). */
export function registerSettingsRoutes(app: FastifyInstance, deps: Pick<PlatformDeps, 'config' | 'logger'>): void {
  const log = deps.logger.child({ component: 'settings' });
  registerRoute(app, routes.config.getConfig, () => publicConfig(CONFIG_SECTIONS, deps.config.get()));
  registerRoute(app, routes.config.updateConfig, ({ body, request }) => {
    const next = deps.config.update(restoreMaskedSecrets(CONFIG_SECTIONS, body, deps.config.get()));
    // Which sections were sent, never their values (they may hold API keys).
    log.info({ requestId: request.id, sections: Object.keys(body) }, 'config updated');
    return publicConfig(CONFIG_SECTIONS, next);
  });
}
