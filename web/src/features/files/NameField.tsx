import type { ComponentPropsWithRef } from 'react';

/**
 * A file name field. Not `@/ui`'s Input: importing it from this lazy chunk made the bundler put Input's chunk in the
 * conversation's first paint (+0.8 KB gzipped at the page's limit); this field only looks like it.
 */
export function NameField({ className = '', ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <input
      type="text"
      className={`h-9 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 ${className}`}
      {...props}
    />
  );
}
