import { z } from 'zod';
import { defineRoute } from './route';

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
  status: defineRoute({ name: 'getSystemStatus', summary: 'Claude CLI version and path, config path, live run count, machine id, demo mode.', method: 'GET', path: '/api/system/status', response: SystemStatus }),
  commands: defineRoute({ name: 'listCommands', summary: 'Slash commands available in a working directory (built-in and custom).', method: 'GET', path: '/api/system/commands', query: CommandsQuery, response: CommandsResponse }),
};
