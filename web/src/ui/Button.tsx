import type { ComponentPropsWithRef } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

const VARIANTS: Record<ButtonVariant, string> = {
  // Disabled, the primary button greys out: at half opacity alone its light face was the brightest thing in a dark composer.
  primary:
    'bg-neutral-900 text-white hover:bg-neutral-700 disabled:bg-neutral-300 disabled:text-neutral-500 dark:bg-neutral-100 dark:text-neutral-900 dark:hover:bg-neutral-300 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-500',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800',
  ghost: 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-700 dark:hover:bg-red-600',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-7 gap-1 rounded-md px-2 text-xs',
  md: 'h-9 gap-1.5 rounded-md px-3 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-4 text-base',
  icon: 'h-9 w-9 rounded-md',
  'icon-sm': 'h-7 w-7 rounded-md',
};

/** Class names of a button; exported so links styled as buttons match. */
export function buttonClasses(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center font-medium whitespace-nowrap transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500',
    'disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link) with the button's styling. */
  asChild?: boolean;
};

/** The one button of the app: variants primary, secondary (default), ghost, danger; sizes sm, md, lg, icon, icon-sm. */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
