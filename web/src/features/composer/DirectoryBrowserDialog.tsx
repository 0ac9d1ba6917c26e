import { useState } from 'react';
import { CornerLeftUp, Folder } from 'lucide-react';
import { Button, Dialog, DialogContent, Input } from '@/ui';
import { useDirectoryBrowser } from './use-directory-browser';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  startPath: string;
  onSelect(path: string): void;
}

/** A small dialog that walks the filesystem one directory at a time and picks one as the working directory. */
export function DirectoryBrowserDialog({ open, onOpenChange, startPath, onSelect }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Choose a directory" className="max-w-md">
        {open && <BrowserBody startPath={startPath} onSelect={onSelect} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BrowserBody({ startPath, onSelect, onCancel }: { startPath: string; onSelect(path: string): void; onCancel(): void }) {
  const browser = useDirectoryBrowser(startPath, true);
  const [typed, setTyped] = useState<string | null>(null);
  const shownPath = typed ?? browser.path;
  const go = () => {
    if (typed !== null) browser.open(typed);
    setTyped(null);
  };

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="flex items-center gap-2">
        <Button size="icon" variant="secondary" aria-label="Parent directory" onClick={browser.up} disabled={browser.path === '/'}>
          <CornerLeftUp size={16} aria-hidden />
        </Button>
        <Input
          aria-label="Directory path"
          value={shownPath}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              go();
            }
          }}
          onBlur={go}
          className="font-mono text-xs"
        />
      </div>
      <ul
        aria-label="Subdirectories"
        className="h-64 overflow-y-auto rounded-md border border-neutral-200 p-1 text-sm dark:border-neutral-800"
      >
        {browser.error && <li className="px-2 py-1.5 text-red-600 dark:text-red-400">{browser.error}</li>}
        {!browser.error && !browser.loading && browser.directories.length === 0 && (
          <li className="px-2 py-1.5 text-neutral-500">No subdirectories</li>
        )}
        {browser.directories.map((name) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => browser.openChild(name)}
              className="flex w-full cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <Folder size={14} className="shrink-0 text-neutral-500" aria-hidden />
              <span className="truncate">{name}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" disabled={Boolean(browser.error) || browser.loading} onClick={() => onSelect(browser.path)}>
          Use this directory
        </Button>
      </div>
    </div>
  );
}
