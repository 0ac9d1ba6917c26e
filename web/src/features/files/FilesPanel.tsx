import { X } from 'lucide-react';
import { useFilesNav } from './use-files-nav';
import { FileBrowser } from './FileBrowser';
import { FileView } from './FileView';
import { IconButton } from '@/ui';

export interface FilesPanelProps {
  sessionId: string;
  /** The open file's path, or '' for the folder list. */
  target: string;
  line?: number;
  /** Text whose first line to open the file at (when no `line`). */
  find?: string;
}

/** The files sheet: the folder list, or one file in the editor; full width on a phone, a side sheet beside it. */
export default function FilesPanel({ sessionId, target, line, find }: FilesPanelProps) {
  const nav = useFilesNav();
  return (
    <div
      role="dialog"
      aria-label="Files"
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l border-neutral-200 bg-white shadow-xl sm:w-[min(48rem,92vw)] dark:border-neutral-800 dark:bg-neutral-950"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
        <h2 className="flex-1 text-[15px] font-semibold">Files</h2>
        <IconButton label="Close files" icon={<X size={16} aria-hidden />} onClick={nav.close} />
      </div>
      {target ? <FileView key={target} sessionId={sessionId} file={target} line={line} find={find} /> : <FileBrowser sessionId={sessionId} />}
    </div>
  );
}
