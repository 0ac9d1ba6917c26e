import type { ComponentPropsWithRef } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from '@/lib/cn';
import { DROPDOWN_MAX_HEIGHT_PX } from './dropdown-height';

/**
 * The dropdown family on Radix, loaded by ./DropdownMenu.tsx when a menu is first opened (Radix's menu brings its
 * popper, focus and scroll locks: ~15 KB gzip the pages need not load before they paint). Use it through ./DropdownMenu.
 */
export const Root = RadixMenu.Root;
export const Trigger = RadixMenu.Trigger;
export const RadioGroup = RadixMenu.RadioGroup;

export function Content({ className, style, sideOffset = 4, align = 'start', ...props }: ComponentPropsWithRef<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        align={align}
        style={{ maxHeight: `min(${DROPDOWN_MAX_HEIGHT_PX}px, var(--radix-dropdown-menu-content-available-height))`, ...style }}
        className={cn(
          'z-50 min-w-40 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 text-sm text-neutral-900 shadow-lg',
          'dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

const ITEM_CLASSES =
  'relative flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none ' +
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800';

export function Item({ className, ...props }: ComponentPropsWithRef<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(ITEM_CLASSES, className)} {...props} />;
}

export function RadioItem({ className, children, ...props }: ComponentPropsWithRef<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem className={cn(ITEM_CLASSES, 'pl-6', className)} {...props}>
      <RadixMenu.ItemIndicator className="absolute left-2 h-1.5 w-1.5 rounded-full bg-current" />
      {children}
    </RadixMenu.RadioItem>
  );
}

export function Label({ className, ...props }: ComponentPropsWithRef<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cn('px-2 py-1 text-xs font-medium text-neutral-500', className)} {...props} />;
}

export function Separator({ className, ...props }: ComponentPropsWithRef<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cn('my-1 h-px bg-neutral-200 dark:bg-neutral-800', className)} {...props} />;
}
