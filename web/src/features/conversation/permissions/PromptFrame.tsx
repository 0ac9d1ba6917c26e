import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The card around a pending permission request, above the composer. */
export function PromptFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label="Permission request"
      className="mx-auto w-full max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-3 shadow-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <header className="mb-2 flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
        <ShieldAlert size={16} aria-hidden />
        {title}
      </header>
      {children}
    </section>
  );
}
