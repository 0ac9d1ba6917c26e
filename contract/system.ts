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
  /** Absent only when the server is not listening on a TCP socket (in-process tests). */
  listen: ListenAddress.optional(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const Command = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(['builtin', 'custom']).optional(),
});
export type Command = z.infer<typeof Command>;

export const CommandsQuery = z.object({ workingDirectory: z.string().optional() });
export const CommandsResponse = z.object({ commands: z.array(Command) });

export const systemRoutes = {
  status: defineRoute({ name: 'getSystemStatus', summary: 'Claude CLI version and path, config path, live run count, machine id, demo mode, model router state, listening address.', method: 'GET', path: '/api/system/status', response: SystemStatus }),
  commands: defineRoute({ name: 'listCommands', summary: 'Slash commands available in a working directory (built-in and custom).', method: 'GET', path: '/api/system/commands', query: CommandsQuery, response: CommandsResponse }),
};
