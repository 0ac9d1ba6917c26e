import { type ComponentPropsWithRef, type ComponentType, createContext, type KeyboardEvent, type PointerEvent, useCallback, useContext, useMemo, useState } from 'react';
import { type DropdownMenu as RadixMenu, Slot } from 'radix-ui';
import type * as DropdownMenuParts from './DropdownMenuParts';

type Parts = typeof DropdownMenuParts;
const loadParts = (): Promise<Parts> => import('./DropdownMenuParts');

interface MenuState {
  /** The Radix parts once this menu was first opened; until then the trigger stands alone and nothing else renders. */
  parts: Parts | null;
  open(): void;
}
const MenuContext = createContext<MenuState>({ parts: null, open: () => undefined });

/**
 * Dropdown family: `DropdownMenu` (root), `DropdownMenuTrigger` (use asChild), content, items, label, separator, radio
 * items. Radix's menu code loads when a menu is first opened (issue 11, page weight): until then the trigger is the bare
 * button, announced as a closed menu button, and opening it (pointer down, Enter, Space, ArrowDown, as Radix's trigger)
 * loads the parts and shows the menu open.
 */
export function DropdownMenu(props: ComponentPropsWithRef<typeof RadixMenu.Root>) {
  const [parts, setParts] = useState<Parts | null>(null);
  const open = useCallback(() => void loadParts().then((loaded) => setParts(() => loaded)), []);
  const state = useMemo(() => ({ parts, open }), [parts, open]);
  return <MenuContext value={state}>{parts ? <parts.Root defaultOpen {...props} /> : props.children}</MenuContext>;
}

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

export function DropdownMenuTrigger({ asChild, disabled, onPointerDown, onKeyDown, ...props }: ComponentPropsWithRef<typeof RadixMenu.Trigger>) {
  const { parts, open } = useContext(MenuContext);
  if (parts) return <parts.Trigger asChild={asChild} disabled={disabled} onPointerDown={onPointerDown} onKeyDown={onKeyDown} {...props} />;
  const Component = asChild ? Slot.Root : 'button';
  const pointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    onPointerDown?.(event);
    if (event.defaultPrevented || disabled || event.button !== 0 || event.ctrlKey) return;
    event.preventDefault(); // as Radix: the trigger keeps no focus ring from the pointer, the opened menu takes focus
    open();
  };
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || disabled || !OPEN_KEYS.includes(event.key)) return;
    event.preventDefault();
    open();
  };
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      onPointerDown={pointerDown}
      onKeyDown={keyDown}
      {...props}
    />
  );
}

type PartName = 'Content' | 'Item' | 'RadioItem' | 'Label' | 'Separator' | 'RadioGroup';

/** A part that exists only inside an opened menu: nothing before the parts are loaded. */
function menuPart<K extends PartName>(name: K) {
  function Part(props: ComponentPropsWithRef<Parts[K]>) {
    const { parts } = useContext(MenuContext);
    if (!parts) return null;
    const Loaded = parts[name] as ComponentType<ComponentPropsWithRef<Parts[K]>>;
    return <Loaded {...props} />;
  }
  Part.displayName = `DropdownMenu${name}`;
  return Part;
}

export const DropdownMenuContent = menuPart('Content');
export const DropdownMenuItem = menuPart('Item');
export const DropdownMenuRadioItem = menuPart('RadioItem');
export const DropdownMenuRadioGroup = menuPart('RadioGroup');
export const DropdownMenuLabel = menuPart('Label');
export const DropdownMenuSeparator = menuPart('Separator');
