import { mcpCommandArgs, shellQuote, type McpCommand } from '@cui/contract/mcp-command';
import { Button } from '@/ui';

export interface CommandConfirmProps {
  command: McpCommand;
  pending: boolean;
  onRun(): void;
  onCancel(): void;
}

/** The exact `claude mcp …` command, shown before it runs: adding a server runs its command on this machine. */
export function CommandConfirm({ command, pending, onRun, onCancel }: CommandConfirmProps) {
  const text = ['claude', ...mcpCommandArgs(command)].map(shellQuote).join(' ');
  return (
    <div role="group" aria-label="Command to run" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p>This command will run in the conversation's folder:</p>
      <code className="break-all rounded bg-white px-2 py-1 font-mono text-xs dark:bg-neutral-900">{text}</code>
      <div className="flex gap-2">
        <Button size="sm" variant="primary" disabled={pending} onClick={onRun}>
          Run this command
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
