import { useDeferredValue, useMemo, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button, Collapsible, CollapsibleContent, CollapsibleTrigger, Input } from '@/ui';
import { matchesFilter } from './log-entry';
import { LogList } from './LogList';
import { useLogMonitor } from './use-log-monitor';

export type LogMonitorPanelProps = { defaultOpen?: boolean; className?: string };

/** Spec §2 log monitor panel: toggle 'Logs', filter, 'Clear', connection status and the live list. */
export function LogMonitorPanel({ defaultOpen = false, className }: LogMonitorPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [filter, setFilter] = useState('');
  const { lines, connected, clear } = useLogMonitor(open);
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => lines.filter((line) => matchesFilter(line.raw, deferredFilter)), [lines, deferredFilter]);

  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className={cn('flex flex-col rounded-lg border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900', className)}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-2 py-1.5 dark:border-neutral-800">
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="sm">
            {open ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
            Logs
          </Button>
        </CollapsibleTrigger>
        <Input
          aria-label="Filter logs"
          placeholder="Filter logs..."
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          disabled={!open}
          fieldSize="sm"
          className="max-w-64 min-w-24 flex-1"
        />
        <Button size="sm" onClick={clear} disabled={!open}>
          Clear
        </Button>
        <span
          role="status"
          className={cn(
            'ml-auto flex items-center gap-1.5 text-xs',
            connected ? 'text-green-700 dark:text-green-400' : 'text-neutral-500 dark:text-neutral-400',
          )}
        >
          <span aria-hidden className={cn('h-2 w-2 rounded-full', connected ? 'bg-green-500' : 'bg-neutral-400')} />
          {connected ? 'Connected' : 'Disconnected'}
        </span>
      </div>
      <CollapsibleContent className="h-96">
        {visible.length === 0 ? (
          <p className="p-4 text-center text-sm text-neutral-500 dark:text-neutral-400">No logs to display</p>
        ) : (
          <LogList lines={visible} />
        )}
      </CollapsibleContent>
    </Collapsible>
  );
}
