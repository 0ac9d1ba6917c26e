import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` from the first time `open` is true on, inside a Suspense with no fallback: the way to show a
 * lazily loaded dialog (`React.lazy`), whose code then loads on its first opening rather than with the page (issue 11),
 * and which stays mounted afterwards so that closing keeps its exit and focus return.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Derived state, set while rendering: React re-renders at once, without a committed frame in between.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
