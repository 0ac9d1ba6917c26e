import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from './field-classes';

export type InputProps = ComponentPropsWithRef<'input'>;

/** A single-line text field. */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(FIELD_CLASSES, 'h-9', className)} {...props} />;
}
