import { lazy } from 'react';
import { MountOnceOpened } from '@/ui';

const TerminalSheet = lazy(() => import('./TerminalSheet').then((m) => ({ default: m.TerminalSheet })));

/** The terminal panel, its code (xterm.js) loaded the first time it opens (issue 25 point 4). */
export function TerminalLauncher({ open, onOpenChange, sessionId }: { open: boolean; onOpenChange: (open: boolean) => void; sessionId?: string }) {
  return (
    <MountOnceOpened open={open}>
      <TerminalSheet open={open} onOpenChange={onOpenChange} sessionId={sessionId} />
    </MountOnceOpened>
  );
}
