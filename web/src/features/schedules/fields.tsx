import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from '@/ui/field-classes';

/** A labelled form row. */
export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-neutral-700 dark:text-neutral-300">{label}</span>
      {children}
      {hint && <span className="text-xs text-neutral-500 dark:text-neutral-400">{hint}</span>}
    </label>
  );
}

/** A native select styled like the text fields (light, keyboard- and phone-friendly). */
export function Select({ className, ...props }: React.ComponentPropsWithRef<'select'>) {
  return <select className={cn(FIELD_CLASSES, 'h-9 px-2 text-sm', className)} {...props} />;
}
