import { Braces, CalendarClock, Wrench } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';

/** The header's more-menu ('Tools'): the tools that have no button of their own (issue 23: the inspector was linked from nowhere; issue 27: Schedules). */
export function HeaderMenu() {
  const navigate = useNavigate();
  return (
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
        <DropdownMenuItem onSelect={() => void navigate('/terminal')}>
          <span aria-hidden className="font-mono text-[11px] font-semibold">&gt;_</span>
          Terminal
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
