import { useCallback, useRef, useState, type PointerEvent } from 'react';

/** Spec §9: a bottom sheet dragged down more than this closes. */
export const SWIPE_CLOSE_PX = 100;

/** True when a drag that moved the sheet `distance` px down (negative: up) should close it. */
export function dragCloses(distance: number): boolean {
  return distance > SWIPE_CLOSE_PX;
}

export interface SheetDrag {
  /** How far the sheet follows the pointer down right now (0 when not dragging). */
  offset: number;
  handlers: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(): void;
  };
}

/** Drag-to-close for a bottom sheet's handle: the sheet follows the pointer down and closes past the threshold. */
export function useSheetDrag(onClose: () => void): SheetDrag {
  const [offset, setOffset] = useState(0);
  const startY = useRef<number | null>(null);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    startY.current = event.clientY;
    // Keeps the moves coming when the pointer leaves the handle mid-drag.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }, []);
  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    if (startY.current !== null) setOffset(Math.max(0, event.clientY - startY.current));
  }, []);
  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (startY.current === null) return;
      const distance = event.clientY - startY.current;
      startY.current = null;
      setOffset(0);
      if (dragCloses(distance)) onClose();
    },
    [onClose],
  );
  const onPointerCancel = useCallback(() => {
    startY.current = null;
    setOffset(0);
  }, []);

  return { offset, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}
