import type { ContentBlock } from '@cui/contract';
import { Info } from 'lucide-react';

const TASK_STATUS: Record<string, string> = {
  completed: 'Subagent finished',
  failed: 'Subagent failed',
  killed: 'Subagent stopped',
  stopped: 'Subagent stopped',
};

function firstText(blocks: ContentBlock[]): string {
  const block = blocks.find((b) => b.type === 'text');
  return block && typeof block.text === 'string' ? block.text : '';
}

/** The readable line for a turn the CLI injected: a task notification says how the task ended, others what they are. */
export function injectedLabel(kind: string, blocks: ContentBlock[]): string {
  if (kind === 'compact-summary') return 'Conversation compacted: Claude continues from a summary';
  if (kind !== 'task-notification') return `Message from ${kind.replace(/-/g, ' ')}`;
  const status = /<status>\s*([a-z_]+)\s*<\/status>/i.exec(firstText(blocks))?.[1]?.toLowerCase();
  return (status && TASK_STATUS[status]) ?? 'Background task update';
}

/**
 * A user turn the CLI injected (issue 16.1): a task notification (task id, temp output path, the CLI's own note for
 * the model) is not something the user typed, so it is a compact line instead of a user bubble with raw XML.
 */
export function InjectedTurn({ kind, blocks }: { kind: string; blocks: ContentBlock[] }) {
  return (
    <div className="flex items-center justify-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400" data-role="injected" data-kind={kind}>
      <Info size={12} aria-hidden />
      <span>{injectedLabel(kind, blocks)}</span>
    </div>
  );
}
