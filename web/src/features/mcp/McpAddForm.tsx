import { useState, type FormEvent } from 'react';
import type { McpCommand } from '@cui/contract/mcp-command';
import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import { Button, Input } from '@/ui';
import { CommandConfirm } from './CommandConfirm';
import { ErrorText } from './ErrorText';

type Scope = 'user' | 'project' | 'local';
type AddCommand = Extract<McpCommand, { action: 'add' }>;

/** Splits the arguments field on spaces (an argument with spaces: add it in the CLI). */
const splitArgs = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Adds a stdio server through `claude mcp add --scope …`: the form, then the exact command to confirm. */
export function McpAddForm({ sessionId, trusted, onDone }: { sessionId: string; trusted: boolean; onDone(output: string): void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('user');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [review, setReview] = useState<AddCommand | null>(null);
  const add = useApiMutation(routes.mcp.add);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReview({ action: 'add', server: { name: name.trim(), scope, command: command.trim(), args: splitArgs(args) } });
  };
  const run = async () => {
    if (!review) return;
    const answer = await add.mutate({ params: { sessionId }, body: review.server });
    if (!answer) return;
    setReview(null);
    onDone(answer.output);
  };
  return (
    <form aria-label="Add an MCP server" onSubmit={submit} className="flex flex-col gap-2 text-sm">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Input aria-label="Server name" placeholder="name" value={name} required onChange={(e) => setName(e.target.value)} />
        <select aria-label="Scope" value={scope} onChange={(e) => setScope(e.target.value as Scope)} className="h-9 rounded-md border border-neutral-300 bg-transparent px-2 dark:border-neutral-700">
          <option value="user">user (all folders)</option>
          <option value="project" disabled={!trusted}>project (.mcp.json)</option>
          <option value="local" disabled={!trusted}>local (this folder, you only)</option>
        </select>
        <Input aria-label="Command" placeholder="command, e.g. npx" value={command} required onChange={(e) => setCommand(e.target.value)} />
        <Input aria-label="Arguments" placeholder="arguments" value={args} onChange={(e) => setArgs(e.target.value)} />
      </div>
      {!trusted && <p className="text-xs text-neutral-500">This folder is not trusted: only user-scope servers can be added here.</p>}
      {review ? <CommandConfirm command={review} pending={add.pending} onRun={() => void run()} onCancel={() => setReview(null)} /> : <Button type="submit" size="sm" className="self-start">Review command</Button>}
      {add.error && <ErrorText error={add.error} />}
    </form>
  );
}
