import { useState } from 'react';
import { Link } from 'react-router';
import { Pin } from 'lucide-react';
import type { ConversationSummary } from '@cui/contract';
import { cn } from '@/lib/cn';
import { LiveRowStatus } from './LiveRowStatus';
import { RenameField } from './RenameField';
import { RowMenu } from './RowMenu';
import { BranchBadge } from '@/features/rewind';
import { ScheduledBadge } from '@/features/schedules';
import { RowMeta } from './RowMeta';
import { sessionTitle } from './session-display';

export interface RowLive {
  status: string;
  stopping: boolean;
  onStop(): void;
}

interface Props {
  row: ConversationSummary;
  now: number;
  /** Present while the row's run is live. */
  live: RowLive | null;
  /** History: the conversation that continues this one (linked under the row). */
  continuedIn?: string;
  notify: boolean;
  onArchive(): void;
  onRename(name: string): void;
  onPin(): void;
  onNotify(): void;
}

/**
 * One session: the whole row links to /c/{sessionId} (a real link, so Ctrl/Meta-click opens a new tab).
 * Live rows show their status and Stop task; completed rows show their actions on hover (always on touch screens).
 */
export function SessionRow({ row, now, live, continuedIn, notify, onArchive, onRename, onPin, onNotify }: Props) {
  const [renaming, setRenaming] = useState(false);
  const title = sessionTitle(row);
  const { pinned, archived } = row.sessionInfo;

  return (
    <li
      data-session-id={row.sessionId}
      className="group relative flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-neutral-100 dark:hover:bg-neutral-900"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-1.5">
          {pinned && <Pin size={12} aria-label="Pinned" className="shrink-0 text-neutral-500" />}
          {renaming ? (
            <RenameField
              initial={row.sessionInfo.custom_name || title}
              onSave={(name) => {
                setRenaming(false);
                onRename(name);
              }}
              onCancel={() => setRenaming(false)}
            />
          ) : (
            <Link
              to={`/c/${row.sessionId}`}
              className="truncate text-sm font-medium text-neutral-900 outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-blue-500 dark:text-neutral-100"
            >
              {title}
            </Link>
          )}
          <ScheduledBadge schedule={row.schedule} />
          <BranchBadge from={row.branchedFrom} />
        </div>
        <RowMeta row={row} now={now} />
        {continuedIn && (
          <Link to={`/c/${continuedIn}`} className="relative z-10 self-start text-xs text-blue-700 hover:underline dark:text-blue-400">
            Continued in a newer conversation →
          </Link>
        )}
      </div>
      <div className="relative z-10 shrink-0">
        {live ? (
          <LiveRowStatus status={live.status} stop={live} />
        ) : row.liveSource === 'terminal' ? (
          <LiveRowStatus status="Active in terminal" />
        ) : (
          <div
            data-testid="row-actions"
            className={cn(
              'transition-opacity',
              // From sm up, hover-capable pointers reveal the actions on hover/focus; touch and small screens always show them.
              'sm:pointer-fine:opacity-0 sm:pointer-fine:group-focus-within:opacity-100 sm:pointer-fine:group-hover:opacity-100 sm:pointer-fine:has-[[data-state=open]]:opacity-100',
              renaming && 'hidden',
            )}
          >
            <RowMenu
              archived={archived}
              pinned={pinned}
              notify={notify}
              onArchive={onArchive}
              onRename={() => setRenaming(true)}
              onPin={onPin}
              onNotify={onNotify}
            />
          </div>
        )}
      </div>
    </li>
  );
}
