import { memo } from 'react';
import { cn } from '@/lib/cn';
import { levelClasses, parseLogEntry } from './log-entry';

/**
 * One log entry: JSON entries show time, level, component, message, request id and extras; others raw text.
 * On a phone an entry keeps to one line (time, level, component, message; the rest ellipsised, the whole entry
 * in the tooltip) instead of wrapping over four or five (issue 16.9).
 */
export const LogRow = memo(function LogRow({ raw }: { raw: string }) {
  const entry = parseLogEntry(raw);
  if (entry.kind === 'raw') {
    return (
      <div data-log-kind="raw" title={raw} className="px-3 py-0.5 break-all whitespace-pre-wrap text-neutral-700 max-md:truncate max-md:whitespace-nowrap dark:text-neutral-300">
        {entry.text}
      </div>
    );
  }
  return (
    <div data-log-kind="json" title={raw} className="flex flex-wrap items-baseline gap-x-2 px-3 py-0.5 break-all max-md:flex-nowrap max-md:overflow-hidden max-md:whitespace-nowrap">
      <span className="shrink-0 text-neutral-500 dark:text-neutral-500">{entry.time}</span>
      {/* As wide as the longest label (five letters in the monospace list), so no gap opens after it. */}
      <span data-log-level={entry.level} className={cn('w-[5ch] shrink-0 font-semibold uppercase', levelClasses(entry.level))}>
        {entry.level}
      </span>
      {entry.component && <span className="shrink-0 text-violet-700 dark:text-violet-400">[{entry.component}]</span>}
      {entry.message && <span className="text-neutral-900 max-md:min-w-0 max-md:truncate dark:text-neutral-100">{entry.message}</span>}
      {entry.requestId && <span className="text-neutral-500 max-md:hidden dark:text-neutral-400">req={entry.requestId}</span>}
      {entry.extras.map(([key, value]) => (
        <span key={key} className="text-neutral-500 max-md:hidden dark:text-neutral-400">
          <span className="text-teal-700 dark:text-teal-400">{key}</span>={value}
        </span>
      ))}
    </div>
  );
});
