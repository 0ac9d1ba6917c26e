import { type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TooltipGroup } from './Tooltip';

/**
 * The open state of one tooltip and the handlers its trigger takes, after Radix's tooltip trigger: a pointer moving
 * over it opens it after the group's delay (at once right after another closed), leaving, pressing or clicking it
 * closes it, keyboard focus opens it at once (focus from a press does not), blur closes it. `prefetch` starts loading
 * the bubble's code on the first sign of interest, so that it is there when the delay ends.
 */
export function useTooltipTrigger(group: TooltipGroup | null, prefetch: () => void) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<HTMLElement>(null);
  const openTimer = useRef(0);
  const pointerDown = useRef(false);
  const movedOver = useRef(false);

  // Mirrors `open` for the handlers: the group is told once per change, outside any state updater.
  const isOpen = useRef(false);

  const close = useCallback(function close() {
    window.clearTimeout(openTimer.current);
    if (!isOpen.current) return;
    isOpen.current = false;
    setOpen(false);
    group?.closed(close);
  }, [group]);

  const show = useCallback(() => {
    window.clearTimeout(openTimer.current);
    group?.opened(close);
    isOpen.current = true;
    setOpen(true);
  }, [group, close]);

  useEffect(() => () => window.clearTimeout(openTimer.current), []);

  const triggerProps = useMemo(() => {
    const releasePointer = () => (pointerDown.current = false);
    return {
      onPointerMove: (event: PointerEvent) => {
        if (event.pointerType === 'touch' || movedOver.current) return;
        movedOver.current = true;
        prefetch();
        window.clearTimeout(openTimer.current);
        if (group && !group.openDelayed()) show();
        else openTimer.current = window.setTimeout(show, group?.delayMs ?? 0);
      },
      onPointerLeave: () => {
        movedOver.current = false;
        close();
      },
      onPointerDown: () => {
        close();
        pointerDown.current = true;
        document.addEventListener('pointerup', releasePointer, { once: true });
      },
      onFocus: () => {
        if (pointerDown.current) return;
        prefetch();
        show();
      },
      onBlur: close,
      onClick: close,
    };
  }, [group, prefetch, show, close]);

  return { open, id, triggerRef, triggerProps, close };
}
