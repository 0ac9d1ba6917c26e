import type { StreamItem } from './stream-items';

function itemType(item: StreamItem): string {
  const value = item.value;
  if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string') return value.type;
  return 'event';
}

/** The events of the stream viewer, oldest first; an item that failed its schema check is marked, not dropped. */
export function StreamItems({ items }: { items: readonly StreamItem[] }) {
  return (
    <ol aria-label="Stream events" className="flex max-h-[32rem] min-w-0 flex-col gap-1 overflow-auto font-mono text-xs">
      {items.map((item, index) => (
        <li
          // Items only ever append (or are cleared), so the position is a stable key.
          key={index}
          data-invalid={item.invalid ? 'true' : undefined}
          className={
            item.invalid
              ? 'rounded border border-red-300 bg-red-50 p-1 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
              : 'rounded border border-neutral-200 bg-neutral-50 p-1 text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100'
          }
        >
          <div className="font-semibold">
            {itemType(item)}
            {item.invalid ? <span className="ml-2 font-normal">{`invalid: ${item.invalid}`}</span> : null}
          </div>
          <pre className="break-all whitespace-pre-wrap">{item.raw}</pre>
        </li>
      ))}
    </ol>
  );
}
