import { useState } from 'react';
import type { McpServer } from '@cui/contract';
import type { McpCommand } from '@cui/contract/mcp-command';
import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import { useApiQuery } from '@/app/use-api-query';
import { Button, Spinner } from '@/ui';
import { CommandConfirm } from './CommandConfirm';
import { ErrorText } from './ErrorText';
import { McpAddForm } from './McpAddForm';

const STATUS_TEXT: Record<McpServer['status'], string> = { connected: 'connected', failed: 'failed', 'needs-auth': 'needs auth', pending: 'connecting', disabled: 'disabled' };

type RemoveCommand = Extract<McpCommand, { action: 'remove' }>;

function ServerRow({ server, busy, onToggle, onReconnect, onRemove }: { server: McpServer; busy: boolean; onToggle(): void; onReconnect(): void; onRemove(): void }) {
  const scope = server.scope === 'user' || server.scope === 'project' || server.scope === 'local' ? server.scope : undefined;
  return (
    <li aria-label={`MCP server ${server.name}`} className="flex flex-col gap-1 rounded-md border border-neutral-200 p-2 dark:border-neutral-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{server.name}</span>
        <span className="text-xs text-neutral-500">{server.scope ?? 'unknown scope'}</span>
        <span data-status={server.status} className="rounded bg-neutral-100 px-1.5 text-xs dark:bg-neutral-800">{STATUS_TEXT[server.status]}</span>
        <span className="flex-1" />
        <Button size="sm" variant="ghost" disabled={busy} onClick={onToggle}>{server.status === 'disabled' ? 'Enable' : 'Disable'}</Button>
        <Button size="sm" variant="ghost" disabled={busy || server.status === 'disabled'} onClick={onReconnect}>Reconnect</Button>
        {scope && <Button size="sm" variant="ghost" onClick={onRemove}>Remove…</Button>}
      </div>
      {server.error && <p className="text-xs text-red-600 dark:text-red-400">{server.error}</p>}
      {server.tools.length > 0 && <p className="text-xs break-words text-neutral-600 dark:text-neutral-400">Tools: {server.tools.map((t) => t.name).join(', ')}</p>}
    </li>
  );
}

/** The conversation's MCP servers as its live run reports them, with Enable/Disable, Reconnect, Remove and Add. */
export function McpServers({ sessionId }: { sessionId: string }) {
  const query = useApiQuery(routes.mcp.servers, { params: { sessionId } });
  const toggle = useApiMutation(routes.mcp.toggle);
  const reconnect = useApiMutation(routes.mcp.reconnect);
  const remove = useApiMutation(routes.mcp.remove);
  const [removing, setRemoving] = useState<RemoveCommand | null>(null);
  const [output, setOutput] = useState('');
  if (query.error) return <ErrorText error={query.error} />;
  if (!query.data) return <Spinner label="Loading the MCP servers" />;
  const { live, trusted, servers } = query.data;
  const adopt = (answer: typeof query.data | undefined) => answer && query.setData(() => answer);
  const runRemove = async () => {
    if (!removing) return;
    const answer = await remove.mutate({ params: { sessionId }, body: removing.server });
    if (!answer) return;
    setRemoving(null);
    setOutput(answer.output);
  };
  return (
    <section aria-label="MCP servers" className="flex flex-col gap-3 text-sm">
      {!live && <p className="text-neutral-500">No run works this conversation now: send a message to see its servers' status.</p>}
      {live && servers.length === 0 && <p className="text-neutral-500">No MCP servers.</p>}
      <ul className="flex flex-col gap-2">
        {servers.map((server) => (
          <ServerRow
            key={server.name}
            server={server}
            busy={toggle.pending || reconnect.pending}
            onToggle={() => void toggle.mutate({ params: { sessionId, name: server.name }, body: { enabled: server.status === 'disabled' } }).then(adopt)}
            onReconnect={() => void reconnect.mutate({ params: { sessionId, name: server.name } }).then(adopt)}
            onRemove={() => setRemoving({ action: 'remove', server: { name: server.name, scope: server.scope as 'user' | 'project' | 'local' } })}
          />
        ))}
      </ul>
      {removing && <CommandConfirm command={removing} pending={remove.pending} onRun={() => void runRemove()} onCancel={() => setRemoving(null)} />}
      {[toggle.error, reconnect.error, remove.error].map((error, i) => error && <ErrorText key={i} error={error} />)}
      <h3 className="font-medium">Add a server</h3>
      <McpAddForm sessionId={sessionId} trusted={trusted} onDone={setOutput} />
      {output && <pre className="whitespace-pre-wrap text-xs text-neutral-600 dark:text-neutral-400">{output}</pre>}
      <p className="text-xs text-neutral-500">A server added or removed takes effect in the conversation's next run.</p>
    </section>
  );
}
