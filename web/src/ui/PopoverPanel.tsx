import { type ComponentPropsWithRef, useRef } from 'react';
import { Popover as RadixPopover } from 'radix-ui';
import { cn } from '@/lib/cn';
import type { PopoverState } from './Popover';

type PanelProps = ComponentPropsWithRef<typeof RadixPopover.Content> & { state: PopoverState };

/**
 * The popover's panel, loaded on demand (see Popover): Radix's popover, controlled by the façade's state and placed
 * against its trigger (a virtual anchor, as the trigger is not Radix's). What Radix's own trigger would do is done
 * here: a press on the trigger is not an outside press (the trigger's click toggles), and closing returns focus to
 * the trigger unless the user went elsewhere.
 */
export function PopoverPanel({ state, className, sideOffset = 4, align = 'end', collisionPadding = 8, onInteractOutside, onCloseAutoFocus, ...props }: PanelProps) {
  const wentOutside = useRef(false);
  return (
    <RadixPopover.Root open={state.open} onOpenChange={state.setOpen}>
      <RadixPopover.Anchor virtualRef={state.trigger} />
      <RadixPopover.Portal>
        <RadixPopover.Content
          id={state.contentId}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={collisionPadding}
          className={cn(
            'z-50 max-h-[var(--radix-popover-content-available-height)] overflow-y-auto rounded-lg border border-neutral-200 bg-white p-2 text-sm text-neutral-900 shadow-lg',
            'dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100',
            className,
          )}
          onInteractOutside={(event) => {
            onInteractOutside?.(event);
            if (event.target instanceof Node && state.trigger.current?.contains(event.target)) event.preventDefault();
            else if (!event.defaultPrevented) wentOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            if (!wentOutside.current) state.trigger.current?.focus();
            wentOutside.current = false;
          }}
          {...props}
        />
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
