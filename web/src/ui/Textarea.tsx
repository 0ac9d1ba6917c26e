import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from './field-classes';

export type TextareaProps = ComponentPropsWithRef<'textarea'>;

/** A multi-line text field. */
export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cn(FIELD_CLASSES, 'min-h-20 px-3 py-2 text-sm', className)} {...props} />;
}
