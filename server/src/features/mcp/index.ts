import type { FastifyInstance } from 'fastify';
import { mcpCommandArgs, routes, type McpServersResponse } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../../platform/feature';
import { registerRoute } from '../../platform/http';
import type { ProcessOwner } from '../../platform/reaper';
import type { Run, RunManager } from '../runs/index';
import type { Workspace } from '../workspace/index';
import { control, toBreakdown, toServers } from './live';
import { runClaudeMcp } from './mcp-cli';

export interface McpDeps {
  platform: PlatformDeps;
  runs: Pick<RunManager, 'find'>;
  workspace: Workspace;
  reaper: ProcessOwner;
  cliEnv(workingDirectory: string): Record<string, string | undefined>;
}

/** The conversation's live run, or `run.not_live` (live controls need its CLI). */
function liveRun(deps: McpDeps, sessionId: string): Run {
  const holder = deps.workspace.holder(sessionId);
  const run = holder?.kind === 'run' ? deps.runs.find(holder.streamingId) : undefined;
  if (!run?.isLive()) throw new AppError('run.not_live', `No run works conversation ${sessionId} now: continue it to reach its CLI`);
  return run;
}

async function servers(deps: McpDeps, sessionId: string): Promise<McpServersResponse> {
  const { trusted } = await deps.workspace.of(sessionId);
  const holder = deps.workspace.holder(sessionId);
  const run = holder?.kind === 'run' ? deps.runs.find(holder.streamingId) : undefined;
  if (!run?.isLive()) return { live: false, trusted, servers: [] };
  const statuses = await control('MCP status', () => run.controls().mcpServerStatus());
  return { live: true, trusted, servers: toServers(statuses, trusted) };
}

/** Runs `claude mcp add|remove` in the conversation's folder; a folder's own scopes need a trusted folder. */
async function configure(deps: McpDeps, sessionId: string, scope: string, args: string[]) {
  const workspace = await deps.workspace.of(sessionId);
  if (scope !== 'user' && !workspace.trusted) throw new AppError('mcp.untrusted_folder', `${workspace.folder} is not trusted: its ${scope} MCP servers would run unasked. Trust the folder first, or use the user scope.`);
  deps.platform.logger.info({ sessionId, command: args.slice(0, 3), scope }, 'claude mcp');
  const output = await runClaudeMcp({ executablePath: deps.platform.claude.executablePath, reaper: deps.reaper }, args, workspace.folder, deps.cliEnv(workspace.folder));
  return { command: args, output };
}

export function registerMcpRoutes(app: FastifyInstance, deps: McpDeps): void {
  const { mcp } = routes;
  registerRoute(app, mcp.servers, ({ params }) => servers(deps, params.sessionId));
  registerRoute(app, mcp.toggle, async ({ params, body }) => {
    await control('Toggling the MCP server', () => liveRun(deps, params.sessionId).controls().toggleMcpServer(params.name, body.enabled));
    return servers(deps, params.sessionId);
  });
  registerRoute(app, mcp.reconnect, async ({ params }) => {
    await control('Reconnecting the MCP server', () => liveRun(deps, params.sessionId).controls().reconnectMcpServer(params.name));
    return servers(deps, params.sessionId);
  });
  registerRoute(app, mcp.add, ({ params, body }) => configure(deps, params.sessionId, body.scope, mcpCommandArgs({ action: 'add', server: body })));
  registerRoute(app, mcp.remove, ({ params, body }) => configure(deps, params.sessionId, body.scope, mcpCommandArgs({ action: 'remove', server: body })));
  registerRoute(app, mcp.context, async ({ params }) => toBreakdown(await control('Context usage', () => liveRun(deps, params.sessionId).controls().getContextUsage({ detail: 'summary' }))));
  registerRoute(app, mcp.tasks, ({ params }) => ({ tasks: liveRun(deps, params.sessionId).backgroundTasks() }));
  registerRoute(app, mcp.stopTask, async ({ params }) => {
    await control('Stopping the task', () => liveRun(deps, params.sessionId).controls().stopTask(params.taskId));
    return { success: true };
  });
}

/** A conversation's MCP servers (live status, toggles, `claude mcp add|remove`), context breakdown and background tasks. */
export function mcpFeature(deps: McpDeps): Feature {
  return { name: 'mcp', register: (app) => registerMcpRoutes(app, deps) };
}
