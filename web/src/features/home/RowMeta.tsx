import { Folder, MessageSquare } from 'lucide-react';
import type { ConversationSummary } from '@cui/contract';
import { formatRelativeTime } from '@/lib/relative-time';
import { rowUsage } from '@/lib/usage-format';
import { projectShortName } from './session-display';

/** The full local date and time of a timestamp, for the age's tooltip ('450d ago' alone does not say when). */
function fullDate(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toLocaleString();
}

/** Second line of a row: age, project, message count, lines added/removed when non-zero, and the cost (or tokens). */
export function RowMeta({ row, now }: { row: ConversationSummary; now: number }) {
  const { linesAdded, linesRemoved } = row.toolMetrics;
  const usage = rowUsage(row.usage);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-neutral-500 dark:text-neutral-400">
      <time dateTime={row.updatedAt} title={fullDate(row.updatedAt)}>
        {formatRelativeTime(row.updatedAt, now)}
      </time>
      <span className="flex min-w-0 items-center gap-1" title={row.projectPath || undefined}>
        <Folder size={12} aria-hidden className="shrink-0" />
        <span className="max-w-40 truncate">{projectShortName(row.projectPath)}</span>
      </span>
      <span className="flex items-center gap-1">
        <MessageSquare size={12} aria-hidden className="shrink-0" />
        {row.messageCount === 1 ? '1 message' : `${row.messageCount} messages`}
      </span>
      {(linesAdded > 0 || linesRemoved > 0) && (
        <span className="font-mono tabular-nums">
          {linesAdded > 0 && <span className="text-emerald-600 dark:text-emerald-400">+{linesAdded}</span>}
          {linesAdded > 0 && linesRemoved > 0 && ' '}
          {linesRemoved > 0 && <span className="text-red-600 dark:text-red-400">−{linesRemoved}</span>}
        </span>
      )}
      {usage && (
        <span className="tabular-nums" title={usage.title} data-testid="row-usage">
          {usage.text}
        </span>
      )}
    </div>
  );
}
