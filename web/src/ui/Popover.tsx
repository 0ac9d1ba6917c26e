import type { ComponentPropsWithRef } from 'react';
import { Popover as RadixPopover } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Popover family: `Popover` (root), `PopoverTrigger` (use asChild), `PopoverContent` (portalled, focus moves in, Escape closes). */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverClose = RadixPopover.Close;

export function PopoverContent({ className, sideOffset = 4, align = 'end', collisionPadding = 8, ...props }: ComponentPropsWithRef<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-h-[var(--radix-popover-content-available-height)] overflow-y-auto rounded-lg border border-neutral-200 bg-white p-2 text-sm text-neutral-900 shadow-lg',
          'dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100',
          className,
        )}
        {...props}
      />
    </RadixPopover.Portal>
  );
}
