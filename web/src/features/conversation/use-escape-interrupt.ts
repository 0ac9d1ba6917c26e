import { useEffect } from 'react';

/** An open dialog or menu owns Escape (it closes itself). */
const escapeOwners = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Escape in the conversation view interrupts the running turn (like the terminal), unless something else took it. */
export function useEscapeInterrupt(enabled: boolean, interrupt: () => void): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.repeat) return;
      if (document.querySelector(escapeOwners)) return;
      interrupt();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, interrupt]);
}
