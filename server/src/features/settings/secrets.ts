import { MASKED_SECRET_PREFIX, type ConfigUpdate, type CuiConfig, type PublicConfig } from '@cui/contract';

/** Secrets shorter than this are shown as the prefix alone: 4 visible characters would be too much of them. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

/** Masks a secret for display: the prefix plus its last 4 characters; '' and undefined stay as they are. */
export function maskSecret(secret: string): string;
export function maskSecret(secret: string | undefined): string | undefined;
export function maskSecret(secret: string | undefined): string | undefined {
  if (!secret) return secret;
  return MASKED_SECRET_PREFIX + (secret.length >= MIN_LENGTH_TO_SHOW_TAIL ? secret.slice(-4) : '');
}

/** True for a value produced by `maskSecret` (the browser sent back what it was shown). */
export function isMasked(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(MASKED_SECRET_PREFIX);
}

/** The config as GET /api/config shows it: no token, no machine id, API keys masked. */
export function publicConfig(config: CuiConfig): PublicConfig {
  return {
    interface: config.interface,
    router: { ...config.router, providers: config.router.providers.map((p) => ({ ...p, api_key: maskSecret(p.api_key) })) },
    gemini: { ...config.gemini, apiKey: maskSecret(config.gemini.apiKey) },
  };
}

/**
 * Replaces masked secrets in an update with the stored ones, so saving a form that shows '••••••••abcd'
 * keeps the real key. A provider's stored key is found by name, else by position (a renamed provider).
 */
export function restoreMaskedSecrets(update: ConfigUpdate, current: CuiConfig): ConfigUpdate {
  const next = structuredClone(update);
  if (next.gemini && isMasked(next.gemini.apiKey)) next.gemini.apiKey = current.gemini.apiKey;
  if (next.router?.providers) {
    next.router.providers = next.router.providers.map((provider, index) => {
      if (!isMasked(provider.api_key)) return provider;
      const stored = current.router.providers.find((old) => old.name === provider.name) ?? current.router.providers[index];
      return { ...provider, api_key: stored?.api_key ?? '' };
    });
  }
  return next;
}
