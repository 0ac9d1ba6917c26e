import { Braces, CalendarClock, SquareTerminal, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TerminalLauncher } from '@/features/terminal';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';

/** The header's more-menu ('Tools'): the tools that have no button of their own (issue 23: the inspector was linked from nowhere; issue 27: Schedules). */
export function HeaderMenu() {
  const navigate = useNavigate();
  const [terminal, setTerminal] = useState(false);
  return (
    <>
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Tools">
          <Wrench size={18} aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void navigate('/schedules')}>
          <CalendarClock size={14} aria-hidden />
          Schedules
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/inspector')}>
          <Braces size={14} aria-hidden />
          Raw JSON inspector and live log
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setTerminal(true)}>
          <SquareTerminal size={14} aria-hidden />
          Terminal…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
    <TerminalLauncher open={terminal} onOpenChange={setTerminal} />
    </>
  );
}
