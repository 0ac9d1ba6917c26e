import type { FastifyInstance } from 'fastify';
import { MASKED_SECRET_PREFIX, routes, type CuiConfig, type PublicConfig } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { registerRoute } from '../../platform/http';

/** Masks a secret for display: the prefix plus its last 4 characters. */
export function maskSecret(secret: string | undefined): string | undefined {
  if (!secret) return secret;
  return `${MASKED_SECRET_PREFIX}${secret.slice(-4)}`;
}

function isMasked(value: string | undefined): boolean {
  return value !== undefined && value.startsWith(MASKED_SECRET_PREFIX);
}

/** The config as GET /api/config shows it: no token, no machine id, API keys masked. */
export function publicConfig(config: CuiConfig): PublicConfig {
  return {
    interface: config.interface,
    router: { ...config.router, providers: config.router.providers.map((p) => ({ ...p, api_key: maskSecret(p.api_key) ?? '' })) },
    gemini: { ...config.gemini, apiKey: maskSecret(config.gemini.apiKey) },
  };
}

export function registerSettingsRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  registerRoute(app, routes.config.getConfig, () => publicConfig(deps.config.get()));
  registerRoute(app, routes.config.updateConfig, ({ body }) => {
    const current = deps.config.get();
    // A masked secret sent back means "unchanged": keep the stored one.
    if (body.gemini && isMasked(body.gemini.apiKey)) body.gemini.apiKey = current.gemini.apiKey;
    if (body.router?.providers) {
      body.router.providers = body.router.providers.map((p) => {
        if (!isMasked(p.api_key)) return p;
        return { ...p, api_key: current.router.providers.find((old) => old.name === p.name)?.api_key ?? '' };
      });
    }
    return publicConfig(deps.config.update(body));
  });
}
