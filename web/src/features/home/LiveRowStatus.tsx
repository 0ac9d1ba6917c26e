import { Square } from 'lucide-react';
import { IconButton } from '@/ui';

interface Props {
  status: string;
  /** The 'Stop task' button; absent for a session run outside the console (it is not ours to stop). */
  stop?: { stopping: boolean; onStop(): void };
}

/** An ongoing row's pulsing live status and its 'Stop task' button. */
export function LiveRowStatus({ status, stop }: Props) {
  return (
    <div className="flex items-center gap-1.5">
      <span className="flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-400" aria-live="polite">
        <span className="relative flex h-2 w-2" aria-hidden>
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-500 opacity-60" />
          <span className="relative inline-flex h-2 w-2 rounded-full bg-emerald-500" />
        </span>
        {/* Wide enough for 'Awaiting approval...' and 'Active in terminal' whole on a phone; a longer status truncates, the title keeps it. */}
        <span className="max-w-36 truncate animate-pulse sm:max-w-48" data-testid="live-status" title={status}>
          {status}
        </span>
      </span>
      {stop && (
        <IconButton
          label="Stop task"
          size="icon-sm"
          variant="secondary"
          disabled={stop.stopping}
          onClick={stop.onStop}
          className="rounded-full"
          icon={<Square size={10} className="fill-current" aria-hidden />}
        />
      )}
    </div>
  );
}
