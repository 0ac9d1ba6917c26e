import { cloneElement, useId, type ReactElement } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from '@/ui/field-classes';

/**
 * A labelled form row: the label names its one control (through `id`: a label wrapping a select named it after every
 * option), and the hint describes it.
 */
export function Field({ label, children, hint }: { label: string; children: ReactElement<{ id?: string; 'aria-describedby'?: string }>; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-neutral-700 dark:text-neutral-300">
        {label}
      </label>
      {cloneElement(children, { id, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}) })}
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A native select styled like the text fields (light, keyboard- and phone-friendly). */
export function Select({ className, ...props }: React.ComponentPropsWithRef<'select'>) {
  return <select className={cn(FIELD_CLASSES, 'h-9 px-2 text-sm', className)} {...props} />;
}
