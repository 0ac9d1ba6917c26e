import { SquareTerminal } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '@/ui';
import { TerminalLauncher } from './TerminalLauncher';

/** The conversation header's Terminal button: a shell in the conversation's folder. */
export function TerminalButton({ sessionId }: { sessionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Terminal" icon={<SquareTerminal size={16} aria-hidden />} onClick={() => setOpen(true)} />
      <TerminalLauncher open={open} onOpenChange={setOpen} sessionId={sessionId} />
    </>
  );
}
