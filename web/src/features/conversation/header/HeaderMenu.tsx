import { useRef } from 'react';
import { Bell, BellOff, Ellipsis, Pencil, Pin, PinOff } from 'lucide-react';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, Tooltip } from '@/ui';

export interface HeaderMenuProps {
  pinned: boolean;
  /** The session's `sessionInfo.notify`: 'Mute' when on, 'Notify me' when off. */
  notify: boolean;
  onRename: () => void;
  onTogglePin: () => void;
  onToggleNotify: () => void;
}

/** The more-menu: Rename, Pin/Unpin, Notify me/Mute (the same per-session choices as the home row's menu). */
export function HeaderMenu({ pinned, notify, onRename, onTogglePin, onToggleNotify }: HeaderMenuProps) {
  const renaming = useRef(false);
  return (
    // Not modal: a modal menu traps focus and would take it back from the rename field it opens.
    <DropdownMenu modal={false}>
      <Tooltip content="More">
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More">
            <Ellipsis size={16} aria-hidden />
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      {/* After Rename, focus stays in the title field it opens; otherwise (Escape, Pin, Mute) it goes back to the trigger. */}
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(e) => {
          if (renaming.current) e.preventDefault();
          renaming.current = false;
        }}
      >
        <DropdownMenuItem
          onSelect={() => {
            renaming.current = true;
            onRename();
          }}
        >
          <Pencil size={14} aria-hidden /> Rename
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onTogglePin}>
          {pinned ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />} {pinned ? 'Unpin' : 'Pin'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onToggleNotify}>
          {notify ? <BellOff size={14} aria-hidden /> : <Bell size={14} aria-hidden />} {notify ? 'Mute' : 'Notify me'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
