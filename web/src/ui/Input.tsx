import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from './field-classes';

export type InputProps = ComponentPropsWithRef<'input'> & {
  /** 'sm' matches the small buttons beside it (h-7, text-xs); 'md' (default) the regular ones. */
  fieldSize?: 'sm' | 'md';
};

/** Heights live here only: a height passed in `className` as well would race this one in the stylesheet. */
const FIELD_SIZES = { sm: 'h-7 px-2 text-xs', md: 'h-9 px-3 text-sm' };

/** A single-line text field. */
export function Input({ className, type = 'text', fieldSize = 'md', ...props }: InputProps) {
  return <input type={type} className={cn(FIELD_CLASSES, FIELD_SIZES[fieldSize], className)} {...props} />;
}
