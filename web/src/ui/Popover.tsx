import type { ReactNode } from 'react';
import { Popover as RadixPopover } from 'radix-ui';

export type PopoverProps = {
  /** The trigger: a single focusable element (rendered asChild). */
  trigger: ReactNode;
  children: ReactNode;
  /** The content's accessible name. */
  label: string;
  align?: 'start' | 'center' | 'end';
};

/** A small panel opened by clicking its trigger (Esc or a click outside closes it). */
export function Popover({ trigger, children, label, align = 'end' }: PopoverProps) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          align={align}
          sideOffset={6}
          className="z-50 rounded-md border border-neutral-200 bg-white p-3 text-sm shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
