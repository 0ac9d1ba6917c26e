import { useRef } from 'react';
import { Bell, BellOff, Pencil, Pin, PinOff } from 'lucide-react';
import { DropdownMenuContent, DropdownMenuItem } from '@/ui';

export interface SessionMenuContentProps {
  pinned: boolean;
  /** The session's `sessionInfo.notify`: 'Mute' when on, 'Notify me' when off. */
  notify: boolean;
  onRename(): void;
  onPin(): void;
  onNotify(): void;
}

/**
 * The per-session more-menu items, Rename, Pin/Unpin and Notify me/Mute, shared by the home row and the conversation
 * header. After Rename focus stays in the title field it opens; otherwise (Escape, Pin, Mute) it returns to the trigger.
 */
export function SessionMenuContent({ pinned, notify, onRename, onPin, onNotify }: SessionMenuContentProps) {
  const renaming = useRef(false);
  return (
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
        <Pencil size={14} aria-hidden />
        Rename
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onPin}>
        {pinned ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />}
        {pinned ? 'Unpin' : 'Pin'}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onNotify}>
        {notify ? <BellOff size={14} aria-hidden /> : <Bell size={14} aria-hidden />}
        {notify ? 'Mute' : 'Notify me'}
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
