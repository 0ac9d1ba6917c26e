import { lazy, Suspense } from 'react';

export interface DiffViewProps {
  oldText: string;
  newText: string;
  language: string;
  /** Title above the diff (e.g. the file path). */
  title?: string;
}

const DiffTable = lazy(() => import('./DiffTable').then((m) => ({ default: m.DiffTable })));

/** Until the diff viewer's code has arrived: the new text, plain, in the diff's frame. */
function DiffLoading({ newText, title }: DiffViewProps) {
  return (
    <div className="diff-view overflow-hidden rounded-md border border-neutral-200 dark:border-neutral-800" data-testid="diff-view" aria-busy="true">
      {title && <div className="border-b border-neutral-200 bg-neutral-50 px-3 py-1 font-mono text-xs text-neutral-600 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-400">{title}</div>}
      <pre className="max-h-[14.4em] overflow-hidden px-3 py-2 font-mono text-[13px] leading-[1.8] text-neutral-500">{newText}</pre>
    </div>
  );
}

/** A diff of two texts (spec §2); the viewer (DiffTable) loads on first use. */
export function DiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={<DiffLoading {...props} />}>
      <DiffTable {...props} />
    </Suspense>
  );
}
