import type { McpServerStatus, SDKControlGetContextUsageResponse } from '@anthropic-ai/claude-agent-sdk';
import type { ContextBreakdown, McpServer } from '@cui/contract';
import { AppError } from '../../platform/app-error';

/** Scopes a folder's own config holds: shown only for a trusted folder (its servers would run unasked otherwise). */
const FOLDER_SCOPES = new Set(['project', 'local']);

/** The live CLI's servers as the contract shows them (`pending` just after start is passed on as it is). */
export function toServers(statuses: McpServerStatus[], trusted: boolean): McpServer[] {
  return statuses
    .filter((s) => trusted || !FOLDER_SCOPES.has(s.scope ?? ''))
    .map((s) => ({
      name: s.name,
      status: s.status,
      ...(s.scope ? { scope: s.scope } : {}),
      ...(s.error ? { error: s.error } : {}),
      tools: (s.tools ?? []).map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) })),
    }));
}

export function toBreakdown(usage: SDKControlGetContextUsageResponse): ContextBreakdown {
  return {
    model: usage.model,
    totalTokens: usage.totalTokens,
    maxTokens: usage.maxTokens,
    percentage: usage.percentage,
    categories: usage.categories.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, tokens: c.tokens, kind: c.kind })),
    memoryFiles: usage.memoryFiles.map((f) => ({ path: f.path, tokens: f.tokens })),
    mcpTools: usage.mcpTools.map((t) => ({ name: t.name, serverName: t.serverName, tokens: t.tokens })),
  };
}

/** A live control's failure, in the CLI's words (the SDK throws on an unknown server or a failed reconnect). */
export async function control<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('mcp.failed', `${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
