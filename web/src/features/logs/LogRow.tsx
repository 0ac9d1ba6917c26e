import { memo } from 'react';
import { cn } from '@/lib/cn';
import { levelClasses, parseLogEntry } from './log-entry';

/** One log entry: JSON entries show time, level, component, message, request id and extras; others raw text. */
export const LogRow = memo(function LogRow({ raw }: { raw: string }) {
  const entry = parseLogEntry(raw);
  if (entry.kind === 'raw') {
    return (
      <div data-log-kind="raw" className="px-3 py-0.5 break-all whitespace-pre-wrap text-neutral-700 dark:text-neutral-300">
        {entry.text}
      </div>
    );
  }
  return (
    <div data-log-kind="json" className="flex flex-wrap items-baseline gap-x-2 px-3 py-0.5 break-all">
      <span className="text-neutral-500 dark:text-neutral-500">{entry.time}</span>
      <span data-log-level={entry.level} className={cn('w-12 shrink-0 font-semibold uppercase', levelClasses(entry.level))}>
        {entry.level}
      </span>
      {entry.component && <span className="text-violet-700 dark:text-violet-400">[{entry.component}]</span>}
      {entry.message && <span className="text-neutral-900 dark:text-neutral-100">{entry.message}</span>}
      {entry.requestId && <span className="text-neutral-500 dark:text-neutral-400">req={entry.requestId}</span>}
      {entry.extras.map(([key, value]) => (
        <span key={key} className="text-neutral-500 dark:text-neutral-400">
          <span className="text-teal-700 dark:text-teal-400">{key}</span>={value}
        </span>
      ))}
    </div>
  );
});
