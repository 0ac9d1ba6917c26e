import { z } from 'zod';
import { SuccessResponse } from './common';
import { defineRoute } from './route';

export { mcpCommandArgs, shellQuote, type McpCommand } from './mcp-command';

/**
 * A conversation's MCP servers, context and background tasks (issue 26 points 5 and 6). Status, toggles, the
 * context breakdown and task stops ask the conversation's live run (the Agent SDK's controls on its CLI); adding and
 * removing a server runs the bundled CLI's own `claude mcp add|remove --scope …` in the conversation's folder.
 */
export const McpStatus = z.enum(['connected', 'failed', 'needs-auth', 'pending', 'disabled']);
export type McpStatus = z.infer<typeof McpStatus>;

export const McpTool = z.object({ name: z.string(), description: z.string().optional() });

/** One server as the live CLI reports it (`mcpServerStatus()`). */
export const McpServer = z.object({
  name: z.string(),
  status: McpStatus,
  /** Where it is configured: user, project, local, … (the CLI's word). */
  scope: z.string().optional(),
  error: z.string().optional(),
  tools: z.array(McpTool),
});
export type McpServer = z.infer<typeof McpServer>;

/** `live: false`: no run works the conversation, so no CLI can tell the servers' status (start or continue it). */
export const McpServersResponse = z.object({ live: z.boolean(), trusted: z.boolean(), servers: z.array(McpServer) });
export type McpServersResponse = z.infer<typeof McpServersResponse>;

export const McpConversationParams = z.object({ sessionId: z.string().min(1) });
export const McpServerParams = z.object({ sessionId: z.string().min(1), name: z.string().min(1) });

export const McpToggleRequest = z.strictObject({ enabled: z.boolean() });

/** Where `claude mcp add|remove` writes: the user's config, the folder's `.mcp.json`, or the folder's local entry. */
export const McpScope = z.enum(['user', 'project', 'local']);
export type McpScope = z.infer<typeof McpScope>;

/** A server name the CLI accepts (letters, digits, `_`, `-`); never an option. */
const ServerName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'name: letters, digits, _ and - only (at most 64)');

/** A stdio server: the command and its arguments, passed to the CLI as an argument list (no shell). */
export const McpAddRequest = z.strictObject({
  name: ServerName,
  scope: McpScope,
  command: z.string().trim().min(1, 'command is required').max(1000),
  args: z.array(z.string().max(1000)).max(50).default([]),
});
export type McpAddRequest = z.input<typeof McpAddRequest>;

export const McpRemoveRequest = z.strictObject({ name: ServerName, scope: McpScope });
export type McpRemoveRequest = z.infer<typeof McpRemoveRequest>;

/** What ran: the CLI's arguments (after `claude`) and what it printed. */
export const McpCommandResponse = z.object({ command: z.array(z.string()), output: z.string() });
export type McpCommandResponse = z.infer<typeof McpCommandResponse>;

/** One row of the context breakdown (system prompt, tools, MCP tools, messages, memory files, free space, …). */
export const ContextCategory = z.object({ id: z.string().optional(), name: z.string(), tokens: z.number(), kind: z.string() });

/** The live run's context window by category (`getContextUsage({detail:'summary'})`). */
export const ContextBreakdown = z.object({
  model: z.string(),
  totalTokens: z.number(),
  maxTokens: z.number(),
  percentage: z.number(),
  categories: z.array(ContextCategory),
  memoryFiles: z.array(z.object({ path: z.string(), tokens: z.number() })),
  mcpTools: z.array(z.object({ name: z.string(), serverName: z.string(), tokens: z.number() })),
});
export type ContextBreakdown = z.infer<typeof ContextBreakdown>;

/** A live background task of the run: a background shell command, a subagent, … (`background_tasks_changed`). */
export const BackgroundTask = z.object({ taskId: z.string(), type: z.string(), description: z.string() });
export type BackgroundTask = z.infer<typeof BackgroundTask>;
export const BackgroundTasksResponse = z.object({ tasks: z.array(BackgroundTask) });
export type BackgroundTasksResponse = z.infer<typeof BackgroundTasksResponse>;
export const TaskParams = z.object({ sessionId: z.string().min(1), taskId: z.string().min(1) });

const base = '/api/conversations/:sessionId';

export const mcpRoutes = {
  servers: defineRoute({ name: 'listMcpServers', summary: "A conversation's MCP servers with status, scope and tools, as its live run reports them.", method: 'GET', path: `${base}/mcp`, params: McpConversationParams, response: McpServersResponse }),
  toggle: defineRoute({ name: 'toggleMcpServer', summary: 'Enables or disables an MCP server on the live run.', method: 'POST', path: `${base}/mcp/:name/enabled`, params: McpServerParams, body: McpToggleRequest, response: McpServersResponse }),
  reconnect: defineRoute({ name: 'reconnectMcpServer', summary: 'Reconnects an MCP server of the live run.', method: 'POST', path: `${base}/mcp/:name/reconnect`, params: McpServerParams, response: McpServersResponse }),
  add: defineRoute({ name: 'addMcpServer', summary: "Adds a stdio MCP server with the CLI's own `claude mcp add --scope …` in the conversation's folder.", method: 'POST', path: `${base}/mcp-config/add`, params: McpConversationParams, body: McpAddRequest, response: McpCommandResponse }),
  remove: defineRoute({ name: 'removeMcpServer', summary: "Removes an MCP server with the CLI's own `claude mcp remove --scope …` in the conversation's folder.", method: 'POST', path: `${base}/mcp-config/remove`, params: McpConversationParams, body: McpRemoveRequest, response: McpCommandResponse }),
  context: defineRoute({ name: 'getContextBreakdown', summary: "The live run's context window by category (system, tools, MCP tools, messages, memory files).", method: 'GET', path: `${base}/context`, params: McpConversationParams, response: ContextBreakdown }),
  tasks: defineRoute({ name: 'listBackgroundTasks', summary: "The live run's background tasks (shell commands, subagents).", method: 'GET', path: `${base}/tasks`, params: McpConversationParams, response: BackgroundTasksResponse }),
  stopTask: defineRoute({ name: 'stopBackgroundTask', summary: 'Stops one background task of the live run.', method: 'POST', path: `${base}/tasks/:taskId/stop`, params: TaskParams, response: SuccessResponse }),
};
