import { Braces, MoreHorizontal } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui';

/** The header's more-menu: the tools that have no button of their own (issue 23: the inspector was linked from nowhere). */
export function HeaderMenu() {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="More">
          <MoreHorizontal size={18} aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void navigate('/inspector')}>
          <Braces size={14} aria-hidden />
          Raw JSON inspector and live log
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
