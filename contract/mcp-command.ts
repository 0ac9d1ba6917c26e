/* Zod-free, so the MCP panel shows the command without loading the schemas (`@cui/contract/mcp-command`). */

/** An add or a remove of an MCP server, as `claude mcp` takes it. */
export type McpCommand =
  | { action: 'add'; server: { name: string; scope: 'user' | 'project' | 'local'; command: string; args: string[] } }
  | { action: 'remove'; server: { name: string; scope: 'user' | 'project' | 'local' } };

/** The arguments `claude` gets for an add or a remove: what the panel shows before it runs, and what runs. */
export function mcpCommandArgs(request: McpCommand): string[] {
  const { server } = request;
  if (request.action === 'remove') return ['mcp', 'remove', server.name, '--scope', server.scope];
  return ['mcp', 'add', server.name, '--scope', server.scope, '--', request.server.command, ...request.server.args];
}

/** One argument as a POSIX shell would need it quoted: how the panel prints the command. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
