import { useState } from 'react';
import type { WaitingPermission } from '@cui/contract';
import { Hand } from 'lucide-react';
import { Button, Popover, PopoverContent, PopoverTrigger } from '@/ui';
import { useWaitingPermissions } from './use-waiting-permissions';
import { WaitingItem } from './WaitingItem';

/** The button's accessible name: what it is and how many wait. */
export function inboxLabel(count: number): string {
  return `Needs you: ${count} ${count === 1 ? 'request' : 'requests'} waiting`;
}

/** The list, mounted when the popover opens: ages count from that moment. */
function WaitingList({ waiting }: { waiting: WaitingPermission[] }) {
  const [now] = useState(() => Date.now());
  return (
    <ul className="flex flex-col gap-2">
      {waiting.map((permission) => (
        <WaitingItem key={permission.id} permission={permission} now={now} />
      ))}
    </ul>
  );
}

/**
 * The header's "needs you" indicator: how many permission requests wait across all runs, opening the list of them.
 * Absent while nothing waits.
 */
export function InboxButton() {
  const waiting = useWaitingPermissions();
  if (!waiting || waiting.length === 0) return null;
  const label = inboxLabel(waiting.length);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="md" aria-label={label} title={label} className="text-amber-700 dark:text-amber-300">
          <Hand size={16} aria-hidden />
          {/* White on amber-500/600 was under 3:1; the count is small text, so it needs 4.5:1. */}
          <span className="min-w-4 rounded-full bg-amber-700 px-1 text-[11px] leading-4 font-semibold text-white dark:bg-amber-400 dark:text-neutral-950">{waiting.length}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Waiting for you" className="w-[min(24rem,calc(100vw-1rem))]">
        <h2 className="mb-2 px-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">Waiting for you</h2>
        <WaitingList waiting={waiting} />
      </PopoverContent>
    </Popover>
  );
}
