import { Ellipsis } from 'lucide-react';
import { SessionMenuContent } from '@/features/session-menu';
import { Button, DropdownMenu, DropdownMenuTrigger, Tooltip } from '@/ui';

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
      <SessionMenuContent pinned={pinned} notify={notify} onRename={onRename} onPin={onTogglePin} onNotify={onToggleNotify} />
    </DropdownMenu>
  );
}
