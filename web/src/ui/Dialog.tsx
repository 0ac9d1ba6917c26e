import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Dialog family: `Dialog` (root: open/onOpenChange), `DialogTrigger`, `DialogClose`, `DialogContent`. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export type DialogContentProps = Omit<ComponentPropsWithRef<typeof RadixDialog.Content>, 'title'> & {
  /** Required for accessibility; shown as the heading. */
  title: ReactNode;
  description?: ReactNode;
  /** Hide the visible heading (it stays for screen readers). */
  hideTitle?: boolean;
  /** The close (X) button; on by default, labelled 'Close'. */
  showClose?: boolean;
  overlayClassName?: string;
  /** Shown above the title, e.g. a bottom sheet's drag handle. */
  top?: ReactNode;
  /** 'center' (default): a centred modal; 'sheet': a bottom sheet spanning the width (phones). */
  placement?: 'center' | 'sheet';
  /** A centred modal's largest width: 'normal' (32 rem, default) or 'wide' (42 rem, e.g. a tabbed dialog). */
  width?: 'normal' | 'wide';
};

const WIDTH = { normal: 'max-w-lg', wide: 'max-w-2xl' } as const;

const PLACEMENT = {
  center: 'top-1/2 left-1/2 max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border p-5',
  sheet: 'inset-x-0 bottom-0 max-h-[85vh] w-full rounded-t-2xl border-t px-5 pt-2 pb-[max(1.25rem,env(safe-area-inset-bottom))]',
} as const;

/** A modal, centred by default or a bottom sheet (`placement`). */
export function DialogContent({
  title, description, hideTitle = false, showClose = true, placement = 'center', width = 'normal', top, className, overlayClassName, children, ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={cn('fixed inset-0 z-40 bg-black/40 dark:bg-black/60', overlayClassName)} />
      <RadixDialog.Content
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        className={cn(
          'fixed z-50 flex flex-col gap-3',
          PLACEMENT[placement],
          placement === 'center' && WIDTH[width],
          'border-neutral-200 bg-white text-neutral-900 shadow-xl',
          'dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100',
          className,
        )}
        {...props}
      >
        {top}
        <RadixDialog.Title className={cn('pr-8 text-base font-semibold', hideTitle && 'sr-only')}>{title}</RadixDialog.Title>
        {description !== undefined && (
          <RadixDialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">{description}</RadixDialog.Description>
        )}
        {children}
        {showClose && (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
          >
            <X size={16} aria-hidden />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
