import { lazy, Suspense } from 'react';
import type { ComposerProps } from './Composer';

const Composer = lazy(() => import('./Composer').then((m) => ({ default: m.Composer })));

/** What holds the composer's place while its code loads: its height, so the messages above do not jump. */
function ComposerPlaceholder() {
  return <div aria-hidden className="h-[6.5rem] rounded-2xl border border-neutral-200 dark:border-neutral-800" />;
}

/**
 * The composer, its code loaded when this first renders. The conversation view renders it once the first window of
 * messages has arrived, so the messages paint without waiting for the composer's code (page weight, issue 11: the
 * conversation page's first paint needs only the messages).
 */
export function LazyComposer(props: ComposerProps) {
  return (
    <Suspense fallback={<ComposerPlaceholder />}>
      <Composer {...props} />
    </Suspense>
  );
}

export { ComposerPlaceholder };
