import { cn } from '@/lib/cn';

export type SpinnerProps = { className?: string; label?: string; size?: 'sm' | 'md' | 'lg' };

const SIZES = { sm: 'h-3.5 w-3.5 border-2', md: 'h-5 w-5 border-2', lg: 'h-8 w-8 border-[3px]' };

/** An indeterminate spinner with an accessible status label. */
export function Spinner({ className, label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        'inline-block animate-spin rounded-full border-neutral-300 border-t-neutral-800 dark:border-neutral-700 dark:border-t-neutral-200',
        SIZES[size],
        className,
      )}
    />
  );
}
