import { z } from 'zod';
import { defineRoute } from './route';

/** Secrets returned by GET /api/config are replaced by this prefix plus their last 4 characters. */
export const MASKED_SECRET_PREFIX = '••••••••';

export const ColorScheme = z.enum(['light', 'dark', 'system']);
export type ColorScheme = z.infer<typeof ColorScheme>;

/** An ntfy server URL: http or https only. */
const NtfyUrl = z.url({ protocol: /^https?$/, error: 'ntfyUrl must be an http(s) URL' });

export const NotificationsConfig = z.object({
  enabled: z.boolean().default(false),
  ntfyUrl: NtfyUrl.optional(),
});

export const InterfaceConfig = z.object({
  colorScheme: ColorScheme.default('system'),
  /** '' means auto-detect from the browser. */
  language: z.string().max(35).default(''),
  notifications: NotificationsConfig.default({ enabled: false }),
});
export type InterfaceConfig = z.infer<typeof InterfaceConfig>;

/** One model provider of the router (spec §3 Provider). */
export const Provider = z.object({
  name: z.string(),
  api_base_url: z.string(),
  api_key: z.string(),
  models: z.array(z.string()),
  transformer: z.object({ use: z.array(z.unknown()) }).optional(),
});
export type Provider = z.infer<typeof Provider>;

export const RouterConfig = z.object({
  enabled: z.boolean().default(false),
  providers: z.array(Provider).default([]),
  /** `default` is 'providerName,modelName'. */
  rules: z.record(z.string(), z.string()).default({}),
});
export type RouterConfig = z.infer<typeof RouterConfig>;

export const GeminiConfig = z.object({
  apiKey: z.string().optional(),
  model: z.string().optional(),
});
export type GeminiConfig = z.infer<typeof GeminiConfig>;

export const ServerConfig = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(3001),
});

/** Each CLI takes 150-200 MB; ten at once on a small machine was 1.8 GB. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 8;

/**
 * The whole of CUI_HOME/config.json. Unknown top-level keys (e.g. an older cui's `machine_id`) are kept
 * so a hand-written file is never silently truncated; they are never sent to the browser.
 */
export const CuiConfig = z.looseObject({
  machineId: z.string().min(1),
  authToken: z.string().regex(/^[a-f0-9]{32}$/, 'authToken must be 32 lower-case hex characters'),
  server: ServerConfig.default({ host: '127.0.0.1', port: 3001 }),
  interface: InterfaceConfig.default({ colorScheme: 'system', language: '', notifications: { enabled: false } }),
  router: RouterConfig.default({ enabled: false, providers: [], rules: {} }),
  gemini: GeminiConfig.default({}),
  /**
   * The Claude Code executable runs use when a start request names none; the pinned Agent SDK's bundled CLI when
   * absent. Read at start-up; edit the file and restart to change it.
   */
  claudeExecutablePath: z.string().regex(/^(\/|[A-Za-z]:[\\/])/, 'claudeExecutablePath must be an absolute path').optional(),
  /**
   * How many conversations may run (one Claude Code process each) at the same time; a start beyond it is refused
   * with 429 `run.limit_reached`. Read at every start.
   */
  maxConcurrentRuns: z.number().int().min(1).max(1000).default(DEFAULT_MAX_CONCURRENT_RUNS),
});
export type CuiConfig = z.infer<typeof CuiConfig>;

/** What GET /api/config returns: never the auth token; API keys masked. */
export const PublicConfig = z.object({
  interface: InterfaceConfig,
  router: RouterConfig,
  gemini: GeminiConfig,
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * PUT /api/config body: a partial config, deep-merged into the stored one (objects key by key; arrays and the
 * `router.rules` map replaced as a whole, so a rule can be removed).
 * Unknown keys (authToken, machineId, server…) are refused. `ntfyUrl: null | ''` and `gemini.apiKey/model: null`
 * remove the value. A masked secret (MASKED_SECRET_PREFIX…) sent back keeps the stored one.
 */
export const ConfigUpdate = z.strictObject({
  interface: z.strictObject({
    colorScheme: ColorScheme.optional(),
    language: z.string().max(35).optional(),
    notifications: z.strictObject({
      enabled: z.boolean().optional(),
      ntfyUrl: z.string().refine((v) => v === '' || NtfyUrl.safeParse(v).success, { error: 'ntfyUrl must be an http(s) URL' }).optional().nullable(),
    }).optional(),
  }).optional(),
  router: z.strictObject({
    enabled: z.boolean().optional(),
    providers: z.array(Provider).optional(),
    rules: z.record(z.string(), z.string()).optional(),
  }).optional(),
  gemini: z.strictObject({
    apiKey: z.string().optional().nullable(),
    model: z.string().optional().nullable(),
  }).optional(),
});
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;

export const configRoutes = {
  getConfig: defineRoute({ method: 'GET', path: '/api/config', response: PublicConfig }),
  updateConfig: defineRoute({ method: 'PUT', path: '/api/config', body: ConfigUpdate, response: PublicConfig }),
};
