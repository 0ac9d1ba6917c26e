import { type ReactNode, type RefObject, useEffect } from 'react';
import { Portal } from 'radix-ui';
import { Popper } from 'radix-ui/internal';

export interface TooltipContentProps {
  /** The trigger the bubble is placed against. */
  anchor: RefObject<HTMLElement | null>;
  id: string;
  side: 'top' | 'right' | 'bottom' | 'left';
  onClose: () => void;
  children: ReactNode;
}

/**
 * The open tooltip's bubble, loaded on demand (see Tooltip): placed by Radix's popper against the trigger, closed by
 * Escape and by scrolling anything that holds the trigger, as Radix's tooltip content.
 */
export function TooltipContent({ anchor, id, side, onClose, children }: TooltipContentProps) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onScroll = (event: Event) => {
      if (anchor.current && event.target instanceof Node && event.target.contains(anchor.current)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', onScroll, { capture: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [anchor, onClose]);
  return (
    <Popper.Root>
      <Popper.Anchor virtualRef={anchor} />
      <Portal.Root>
        <Popper.Content
          id={id}
          role="tooltip"
          side={side}
          sideOffset={6}
          className="z-50 rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900"
        >
          {children}
          <Popper.Arrow className="fill-neutral-900 dark:fill-neutral-100" />
        </Popper.Content>
      </Portal.Root>
    </Popper.Root>
  );
}
