import { Archive, ArchiveRestore, MoreHorizontal } from 'lucide-react';
import { SessionMenuContent } from '@/features/session-menu';
import { DropdownMenu, DropdownMenuTrigger, IconButton } from '@/ui';

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
        <SessionMenuContent pinned={pinned} notify={notify} onRename={onRename} onPin={onPin} onNotify={onNotify} />
      </DropdownMenu>
    </div>
  );
}
