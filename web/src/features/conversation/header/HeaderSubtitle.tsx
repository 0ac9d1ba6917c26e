import type { SubtitleParts } from './subtitle';

/** Date · folder · commit · +added −removed. */
export function HeaderSubtitle({ parts }: { parts: SubtitleParts }) {
  const items = [
    parts.date && <span key="date">{parts.date}</span>,
    parts.folder && <span key="folder">{parts.folder}</span>,
    parts.commit && <span key="commit" className="font-mono">{parts.commit}</span>,
    parts.metrics && (
      <span key="metrics" className="tabular-nums">
        <span className="text-emerald-600 dark:text-emerald-400">+{parts.metrics.linesAdded}</span>{' '}
        <span className="text-red-600 dark:text-red-400">−{parts.metrics.linesRemoved}</span>
      </span>
    ),
  ].filter(Boolean);
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-neutral-500 dark:text-neutral-400" data-testid="conversation-subtitle">
      {items.map((item, i) => (
        <span key={i} className="flex items-center gap-1.5">
          {i > 0 && <span aria-hidden>·</span>}
          {item}
        </span>
      ))}
    </p>
  );
}
