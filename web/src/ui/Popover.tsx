import { type ComponentPropsWithoutRef, type ComponentPropsWithRef, createContext, type MouseEvent, type ReactNode, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import { Slot } from 'radix-ui';
import type * as PopoverParts from './PopoverPanel';

type Parts = typeof PopoverParts;
const loadParts = (): Promise<Parts> => import('./PopoverPanel');

/** One popover's state, shared by its trigger, its close buttons and its panel. */
export interface PopoverState {
  open: boolean;
  setOpen(open: boolean): void;
  /** Radix's popover, once loaded: until then no panel renders. */
  parts: Parts | null;
  /** Starts loading the panel's code (on the first sign of interest in the trigger). */
  prefetch(): void;
  trigger: { current: HTMLButtonElement | null };
  contentId: string;
}
const PopoverContext = createContext<PopoverState | null>(null);

function usePopover(part: string): PopoverState {
  const state = useContext(PopoverContext);
  if (!state) throw new Error(`${part} must be inside a Popover`);
  return state;
}

/**
 * Popover family: `Popover` (root), `PopoverTrigger` (use asChild), `PopoverContent` (portalled, focus moves in, Escape
 * closes), `PopoverClose`. Radix's popover (with its popper, focus and dismiss layers) loads when the trigger is first
 * hovered, focused or pressed (issue 11, page weight); the trigger is the same element throughout, and the panel is
 * placed against it.
 */
export function Popover({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [parts, setParts] = useState<Parts | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const prefetch = useCallback(() => {
    loadParts().then(
      (loaded) => setParts(() => loaded),
      // Deliberately recovered: a panel whose code cannot be fetched (offline, a newer build) does not open; the next
      // press tries again.
      (error: unknown) => console.warn('Loading the popover failed', error),
    );
  }, []);
  const state = useMemo(() => ({ open, setOpen, parts, prefetch, trigger, contentId }), [open, parts, prefetch, contentId]);
  return <PopoverContext value={state}>{children}</PopoverContext>;
}

export function PopoverTrigger({ asChild, onClick, onPointerEnter, onFocus, ...props }: ComponentPropsWithoutRef<'button'> & { asChild?: boolean }) {
  const { open, setOpen, prefetch, trigger, contentId } = usePopover('PopoverTrigger');
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? 'open' : 'closed'}
      ref={trigger}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        prefetch();
        setOpen(!open);
      }}
      {...props}
    />
  );
}

/** A button (or, asChild, a link) inside the panel that closes the popover when pressed. */
export function PopoverClose({ asChild, onClick, ...props }: ComponentPropsWithRef<'button'> & { asChild?: boolean }) {
  const { setOpen } = usePopover('PopoverClose');
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
      {...props}
    />
  );
}

export type PopoverContentProps = Omit<ComponentPropsWithRef<Parts['PopoverPanel']>, 'state'>;

export function PopoverContent(props: PopoverContentProps) {
  const state = usePopover('PopoverContent');
  if (!state.parts) return null;
  return <state.parts.PopoverPanel state={state} {...props} />;
}
