import { useRef } from 'react';
import { Archive, ArchiveRestore, Bell, BellOff, MoreHorizontal, Pencil, Pin, PinOff } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, IconButton } from '@/ui';

interface Props {
  archived: boolean;
  pinned: boolean;
  notify: boolean;
  onArchive(): void;
  onRename(): void;
  onPin(): void;
  onNotify(): void;
}

/** Actions of a completed row: Archive/Unarchive and a more-menu with Rename, Pin/Unpin and Notify me/Mute. */
export function RowMenu({ archived, pinned, notify, onArchive, onRename, onPin, onNotify }: Props) {
  // Rename focuses its input; the menu must not pull focus back to its trigger when it closes.
  const renaming = useRef(false);
  return (
    <div className="flex items-center">
      <IconButton
        label={archived ? 'Unarchive' : 'Archive'}
        size="icon-sm"
        icon={archived ? <ArchiveRestore size={15} aria-hidden /> : <Archive size={15} aria-hidden />}
        onClick={onArchive}
      />
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <IconButton label="More options" size="icon-sm" icon={<MoreHorizontal size={15} aria-hidden />} />
        </DropdownMenuTrigger>
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
      </DropdownMenu>
    </div>
  );
}
