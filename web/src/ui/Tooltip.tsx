import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Slot } from 'radix-ui';
import type { TooltipContent } from './TooltipContent';
import { useTooltipTrigger } from './use-tooltip-trigger';

/** Spec §9: tooltip delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * What the tooltips under one provider share, as Radix's provider: the delay, whether the next one opens at once (one
 * closed less than the skip delay ago), and the one open now (opening another closes it).
 */
export interface TooltipGroup {
  delayMs: number;
  /** True unless a tooltip is open or closed less than the skip delay ago. */
  openDelayed(): boolean;
  /** A tooltip opened: the one open before closes. */
  opened(close: () => void): void;
  /** A tooltip closed: the next opens at once during the skip delay. */
  closed(close: () => void): void;
}

const TooltipGroupContext = createContext<TooltipGroup | null>(null);

function useTooltipGroup(): TooltipGroup {
  const delayed = useRef(true);
  const skipTimer = useRef(0);
  const openOne = useRef<(() => void) | null>(null);
  useEffect(() => () => window.clearTimeout(skipTimer.current), []);
  return useMemo(
    () => ({
      delayMs: TOOLTIP_DELAY_MS,
      openDelayed: () => delayed.current,
      opened: (close: () => void) => {
        if (openOne.current !== close) openOne.current?.();
        openOne.current = close;
        window.clearTimeout(skipTimer.current);
        delayed.current = false;
      },
      closed: (close: () => void) => {
        if (openOne.current === close) openOne.current = null;
        window.clearTimeout(skipTimer.current);
        skipTimer.current = window.setTimeout(() => (delayed.current = true), TOOLTIP_SKIP_DELAY_MS);
      },
    }),
    [],
  );
}

/** Mount once near the root (AppProviders does). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipGroupContext value={useTooltipGroup()}>{children}</TooltipGroupContext>;
}

export type TooltipProps = {
  content: ReactNode;
  /** The trigger: a single focusable element (rendered asChild). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

type Bubble = typeof TooltipContent;

/**
 * A text tooltip on hover/focus of its child. Needs a TooltipProvider above. The trigger is the child itself from the
 * first render on (never swapped, so focus and layout stay put); the positioned bubble's code (Radix's popper with
 * Floating UI) loads when a pointer first moves over it or it takes focus (issue 11, page weight).
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const group = useContext(TooltipGroupContext);
  const [Bubble, setBubble] = useState<Bubble | null>(null);
  const load = useCallback(() => {
    import('./TooltipContent').then(
      (loaded) => setBubble(() => loaded.TooltipContent),
      // Deliberately recovered: a tooltip whose code cannot be fetched (offline, a newer build) just does not show.
      (error: unknown) => console.warn('Loading the tooltip failed', error),
    );
  }, []);
  const { open, id, triggerRef, triggerProps, close } = useTooltipTrigger(group, load);
  return (
    <>
      <Slot.Root ref={triggerRef} aria-describedby={open && Bubble ? id : undefined} {...triggerProps}>
        {children}
      </Slot.Root>
      {open && Bubble && (
        <Bubble anchor={triggerRef} id={id} side={side} onClose={close}>
          {content}
        </Bubble>
      )}
    </>
  );
}
