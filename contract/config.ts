import { z } from 'zod';
import { configUpdateSchema, defineSection, publicConfigSchema } from './config-sections';
import { defineRoute } from './route';

export * from './config-sections';

/** Secrets returned by GET /api/config are replaced by this prefix plus their last 4 characters. */
export const MASKED_SECRET_PREFIX = '••••••••';

export const ColorScheme = z.enum(['light', 'dark', 'system']);
export type ColorScheme = z.infer<typeof ColorScheme>;

/** An ntfy server URL: http or https only. */
const NtfyUrl = z.url({ protocol: /^https?$/, error: 'ntfyUrl must be an http(s) URL' });

/** The ntfy server notifications go to when `ntfyUrl` is unset (spec §3): public, so anyone knowing the topic reads it. */
export const DEFAULT_NTFY_URL = 'https://ntfy.sh';

/** The ntfy topic the console publishes on and Settings shows (spec §9: '{prefix}-' followed by the machine id). */
export function ntfyTopic(machineId: string): string {
  return `cui-${machineId}`;
}

/** True when `ntfyUrl` (unset: the default) is the public ntfy.sh, where a topic is readable by whoever knows it. */
export function isPublicNtfy(ntfyUrl: string | undefined): boolean {
  try {
    return new URL(ntfyUrl ?? DEFAULT_NTFY_URL).hostname.toLowerCase() === 'ntfy.sh';
  } catch {
    // Not a URL (a half-typed field): it is not the public server.
    return false;
  }
}

/** The console's own URL as a phone reaches it (a tunnel or reverse proxy): http or https, no trailing path needed. */
const PublicUrl = z.url({ protocol: /^https?$/, error: 'publicUrl must be an http(s) URL' });

/**
 * Spec §3 `{enabled, ntfyUrl}`; beyond spec `publicUrl`: when set, notifications link to `{publicUrl}/c/{sessionId}`
 * (none otherwise: the server binds 127.0.0.1, which a phone cannot open).
 */
export const NotificationsConfig = z.object({
  enabled: z.boolean().default(false),
  ntfyUrl: NtfyUrl.optional(),
  publicUrl: PublicUrl.optional(),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;

/**
 * `colorScheme` mirrors the browser's `cui-theme` choice; the browser's copy is the truth for painting (see
 * docs/architecture.md, 'Theme').
 */
export const InterfaceConfig = z.object({
  colorScheme: ColorScheme.default('system'),
  /** '' means auto-detect from the browser. */
  language: z.string().max(35).default(''),
  notifications: NotificationsConfig.prefault({}),
});
export type InterfaceConfig = z.infer<typeof InterfaceConfig>;

/**
 * The integrated terminal. `allowRemote`: terminals work when the console listens beyond loopback (a terminal is a
 * full shell as this user); `idleMinutes`: a terminal nobody watches and that printed nothing this long ends.
 */
export const TerminalConfig = z.object({
  allowRemote: z.boolean().default(false),
  idleMinutes: z.int().min(1).max(7 * 24 * 60).default(60),
});
export type TerminalConfig = z.infer<typeof TerminalConfig>;

/** One model provider of the router (spec §3 Provider). */
export const Provider = z.object({
  name: z.string(),
  api_base_url: z.string(),
  api_key: z.string(),
  models: z.array(z.string()),
  transformer: z.object({ use: z.array(z.unknown()) }).optional(),
});
export type Provider = z.infer<typeof Provider>;

/** A provider's endpoint: an http(s) URL (the router child calls it). */
function isHttpUrl(text: string): boolean {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(text);
  return parsed.success;
}

type RouterShape = { providers: Provider[]; rules: Record<string, string> };

/**
 * What the router could not work with (issue 29.15), each issue on the field at fault: a provider's URL that is not
 * an http(s) URL, a provider without models, a rule naming a provider that does not exist. Checked on the merged
 * config (every PUT, every start), so a half-filled provider is refused with its field named.
 */
function checkRouter(router: RouterShape, ctx: z.RefinementCtx): void {
  const names = new Set(router.providers.map((provider) => provider.name));
  router.providers.forEach((provider, index) => {
    const label = provider.name ? `provider "${provider.name}"` : `provider ${index + 1}`;
    if (!isHttpUrl(provider.api_base_url)) {
      const shown = provider.api_base_url ? `"${provider.api_base_url}" is not` : 'it is empty, not';
      ctx.addIssue({ code: 'custom', path: ['providers', index, 'api_base_url'], message: `the API Base URL of ${label} must be an http(s) URL (${shown} one)` });
    }
    if (provider.models.length === 0) ctx.addIssue({ code: 'custom', path: ['providers', index, 'models'], message: `${label} needs at least one model` });
  });
  for (const [rule, target] of Object.entries(router.rules)) {
    const provider = target.split(',')[0] ?? '';
    if (target !== '' && !names.has(provider)) ctx.addIssue({ code: 'custom', path: ['rules', rule], message: `the rule "${rule}" names the provider "${provider}", which does not exist` });
  }
}

export const RouterConfig = z
  .object({
    enabled: z.boolean().default(false),
    providers: z.array(Provider).default([]),
    /** `default` is 'providerName,modelName'. A map: an update replaces it whole, so a rule can be removed. */
    rules: z.record(z.string(), z.string()).default({}),
  })
  .superRefine(checkRouter);
export type RouterConfig = z.infer<typeof RouterConfig>;

/** The Gemini model voice input uses unless `gemini.model` names another. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/**
 * Voice input. The key falls back to GOOGLE_API_KEY, then GEMINI_API_KEY; `model` to DEFAULT_GEMINI_MODEL; `baseUrl`
 * (a self-hosted gateway, or the tests' fake) to GOOGLE_GEMINI_BASE_URL, then Google's own endpoint.
 */
export const GeminiConfig = z.object({
  apiKey: z.string().optional(),
  model: z.string().max(200).optional(),
  baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL' }).optional(),
});
export type GeminiConfig = z.infer<typeof GeminiConfig>;

/**
 * The public config, one section per top-level key: GET /api/config, PUT /api/config, masking, merging and the
 * stored file are all derived from this list (the server adds its private fields to the file in
 * server/src/features/settings/). A new field is one edit in its section's schema; a new secret is one path here.
 */
export const CONFIG_SECTIONS = {
  interface: defineSection(InterfaceConfig),
  router: defineSection(RouterConfig, { secrets: [['providers', '*', 'api_key']] }),
  gemini: defineSection(GeminiConfig, { secrets: [['apiKey']] }),
  terminal: defineSection(TerminalConfig),
};
export type ConfigSectionName = keyof typeof CONFIG_SECTIONS;

/** What GET /api/config returns: the sections only (never the token or machine id); secrets masked. */
export const PublicConfig = publicConfigSchema(CONFIG_SECTIONS);
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * PUT /api/config body: any subset of the sections, deep-merged into the stored config (objects key by key; arrays
 * and maps replaced). Unknown keys (authToken, machineId, server…) are refused. An optional field takes null to
 * remove it, and an optional text field sent as '' is removed too. A masked secret sent back keeps the stored one.
 */
export const ConfigUpdate = configUpdateSchema(CONFIG_SECTIONS);
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;

export const configRoutes = {
  getConfig: defineRoute({ name: 'getConfig', summary: 'The public config: interface, router and gemini settings, API keys masked.', method: 'GET', path: '/api/config', response: PublicConfig }),
  updateConfig: defineRoute({ name: 'updateConfig', summary: 'Deep-merges a partial config into the stored one and returns the result.', method: 'PUT', path: '/api/config', body: ConfigUpdate, response: PublicConfig }),
};
