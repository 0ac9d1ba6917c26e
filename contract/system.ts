import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The model-provider router's process: `off` (router disabled, 'Claude Pro/Max'), `starting` (starting or
 * restarting after a config change; runs still get its URL, the CLI retries a refused connection), `running`,
 * or `failed` (it died or could not start; new routed runs are refused with `router.unavailable`).
 */
export const RouterStatus = z.object({
  state: z.enum(['off', 'starting', 'running', 'failed']),
  /** The loopback port, chosen once per server process and kept across restarts. */
  port: z.number().int().positive().optional(),
  /** When the current process became ready (ISO time); changes on every restart. */
  startedAt: z.string().optional(),
  /** Why it is `failed`. */
  error: z.string().optional(),
});
export type RouterStatus = z.infer<typeof RouterStatus>;

/**
 * How runs authenticate to Claude, as the CLI itself reports it (its initialization answer's account), cached per
 * executable and credentials: `api-key` (ANTHROPIC_API_KEY, an apiKeyHelper or a key stored by /login),
 * `oauth-token` (CLAUDE_CODE_OAUTH_TOKEN or ANTHROPIC_AUTH_TOKEN), `logged-in` (a login saved in CLAUDE_CONFIG_DIR),
 * `cloud-provider` (Bedrock, Vertex, …: credentials outside Claude Code), `none`, `unknown` (the CLI could not be
 * asked), or, in the status only, `checking` (the CLI is being asked: GET /api/system/sign-in waits for the answer).
 * Never the secret itself.
 */
export const ClaudeAuthMethod = z.enum(['api-key', 'oauth-token', 'logged-in', 'cloud-provider', 'none', 'unknown', 'checking']);
export type ClaudeAuthMethod = z.infer<typeof ClaudeAuthMethod>;
export const ClaudeAuth = z.object({
  method: ClaudeAuthMethod,
  /** Where the credential comes from, e.g. 'ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN', 'apiKeyHelper'. */
  source: z.string().optional(),
  /** The account, when the CLI knows it (a login). */
  email: z.string().optional(),
  organization: z.string().optional(),
  subscription: z.string().optional(),
  /** With the model-provider router on, runs authenticate to the router instead. */
  routed: z.boolean().optional(),
  /** Why the CLI could not be asked (`unknown`). */
  error: z.string().optional(),
});
export type ClaudeAuth = z.infer<typeof ClaudeAuth>;

/**
 * Where the server listens, for Settings › Connect a device: `url` is what another device would open (a wildcard bind,
 * 0.0.0.0 or ::, names this machine's first LAN address); `loopback` when only this machine can reach it.
 */
export const ListenAddress = z.object({ url: z.string(), loopback: z.boolean() });
export type ListenAddress = z.infer<typeof ListenAddress>;

export const SystemStatus = z.object({
  claudeVersion: z.string(),
  claudePath: z.string(),
  configPath: z.string(),
  activeConversations: z.number().int().nonnegative(),
  machineId: z.string(),
  /** True when the server runs against the bundled scripted fake model (npm run demo). */
  demoMode: z.boolean(),
  /** The user's home directory on the server's machine: paths under it are shown with '~' (spec §2). */
  homeDirectory: z.string(),
  router: RouterStatus,
  claudeAuth: ClaudeAuth,
  /** Absent only when the server is not listening on a TCP socket (in-process tests). */
  listen: ListenAddress.optional(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

/** One slash command as the CLI reports it for a folder (`supportedCommands()`): its own, custom, plugin or skill. */
export const Command = z.object({
  /** With the leading slash: `/compact`, `/db:migrate`. */
  name: z.string(),
  description: z.string(),
  /** `builtin`: Claude Code's own; `custom`: a user's, project's, plugin's, skill's or MCP server's. */
  type: z.enum(['builtin', 'custom']).optional(),
  /** What the command takes, as the CLI words it (`<file>`); absent when it takes nothing. */
  argumentHint: z.string().optional(),
  /** Other names that run the same command, with the slash (`/cost` for `/usage`). */
  aliases: z.array(z.string()).optional(),
});
export type Command = z.infer<typeof Command>;

export const CommandsQuery = z.object({ workingDirectory: z.string().optional() });
export const CommandsResponse = z.object({ commands: z.array(Command) });

/** One entry of the composer's model menu: the CLI's own list (aliases such as 'sonnet'), or the router's models. */
export const ModelOption = z.object({
  /** What a start request sends as `model`. */
  value: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
});
export type ModelOption = z.infer<typeof ModelOption>;
export const ModelsResponse = z.object({
  /** Without 'Default' (the CLI's own default, the web's first entry): the request then omits the model. */
  models: z.array(ModelOption),
  /** `cli`: the pinned CLI's list, cached per CLI version; `router`: the model-provider router's configured models. */
  source: z.enum(['cli', 'router']),
  claudeVersion: z.string(),
  /** What the CLI's default resolves to, when it says. */
  defaultModel: z.string().optional(),
});
export type ModelsResponse = z.infer<typeof ModelsResponse>;

export const systemRoutes = {
  status: defineRoute({ name: 'getSystemStatus', summary: 'Claude CLI version and path, how runs sign in to Claude, config path, live run count, machine id, demo mode, model router state, listening address.', method: 'GET', path: '/api/system/status', response: SystemStatus }),
  signIn: defineRoute({ name: 'getClaudeSignIn', summary: 'How runs sign in to Claude, as the CLI reports it (waits for its answer; cached).', method: 'GET', path: '/api/system/sign-in', response: ClaudeAuth }),
  models: defineRoute({ name: 'listModels', summary: "The composer's models: the pinned CLI's list (cached per CLI version), or the model-provider router's.", method: 'GET', path: '/api/system/models', response: ModelsResponse }),
};
