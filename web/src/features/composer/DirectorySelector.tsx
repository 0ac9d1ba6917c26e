import { lazy, useState } from 'react';
import { ChevronDown, Folder, FolderSearch } from 'lucide-react';
import type { WorkingDirectory } from '@cui/contract';
import {
  Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger, MountOnceOpened,
} from '@/ui';
import { useHomeDirectory } from '@/app/system-status';
import { lastSegment } from './paths';
import { TOUCH_ROW } from './touch-size';

// Loaded on the first 'Browse…', not with the page (issue 11, page weight).
const DirectoryBrowserDialog = lazy(() => import('./DirectoryBrowserDialog').then((m) => ({ default: m.DirectoryBrowserDialog })));

/** Spec §5: the home composer cannot submit while this placeholder shows. */
export const DIRECTORY_PLACEHOLDER = 'Select directory';

interface Props {
  value: string | undefined;
  onChange(path: string): void;
  directories: WorkingDirectory[];
  disabled?: boolean;
}

/** Recent working directories as a dropdown, plus 'Browse…' to pick any directory through the filesystem API. */
export function DirectorySelector({ value, onChange, directories, disabled }: Props) {
  const [browsing, setBrowsing] = useState(false);
  const home = useHomeDirectory();
  const known = directories.find((d) => d.path === value);
  const label = value ? (known?.shortname ?? lastSegment(value)) || value : DIRECTORY_PLACEHOLDER;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={disabled}>
          <Button size="sm" variant="ghost" aria-label={`Working directory: ${label}`} title={value} className={`max-w-48 sm:max-w-64 ${TOUCH_ROW}`}>
            <Folder size={14} aria-hidden />
            <span className="truncate">{label}</span>
            <ChevronDown size={12} aria-hidden className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-72 max-w-[calc(100vw-2rem)]">
          {directories.length > 0 && <DropdownMenuLabel>Recent directories</DropdownMenuLabel>}
          {directories.map((dir) => (
            <DropdownMenuItem key={dir.path} onSelect={() => onChange(dir.path)} className="flex-col items-start gap-0">
              <span className="font-medium">{dir.shortname}</span>
              <span className="w-full truncate text-xs text-neutral-500">{dir.path}</span>
            </DropdownMenuItem>
          ))}
          {directories.length > 0 && <DropdownMenuSeparator />}
          <DropdownMenuItem onSelect={() => setBrowsing(true)}>
            <FolderSearch size={14} aria-hidden />
            Browse…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <MountOnceOpened open={browsing}>
        <DirectoryBrowserDialog
          open={browsing}
          onOpenChange={setBrowsing}
          startPath={value ?? directories[0]?.path ?? home ?? '/'}
          onSelect={(path) => {
            onChange(path);
            setBrowsing(false);
          }}
        />
      </MountOnceOpened>
    </>
  );
}
