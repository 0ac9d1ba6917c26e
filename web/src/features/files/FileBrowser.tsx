import { File, FolderClosed, FolderUp } from 'lucide-react';
import { useState } from 'react';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { Button } from '@/ui';
import { NameField } from './NameField';
import { dirName, useFilesNav } from './use-files-nav';

/** One folder of the conversation's workspace: folders first, hidden and ignored entries behind a toggle, New file. */
export function FileBrowser({ sessionId }: { sessionId: string }) {
  const [dir, setDir] = useState<string>();
  const [hidden, setHidden] = useState(false);
  const listing = useApiQuery(routes.filesystem.workspaceList, { query: { sessionId, path: dir, hidden } });
  const nav = useFilesNav();
  const data = listing.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-neutral-500" title={data?.path}>{data?.path ?? ''}</span>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
          Show hidden{data && !hidden && data.hiddenCount > 0 ? ` (${data.hiddenCount})` : ''}
        </label>
      </div>
      {data && <NewFile sessionId={sessionId} folder={data.path} onCreated={nav.open} />}
      {listing.error && <p role="alert" className="px-3 text-sm text-red-600">{listing.error.message}</p>}
      <ul className="min-h-0 flex-1 overflow-auto px-1 pb-3" aria-label="Folder entries">
        {data && data.path !== data.folder && (
          <li>
            <button type="button" className={ROW} onClick={() => setDir(dirName(data.path))}>
              <FolderUp size={14} aria-hidden /> ..
            </button>
          </li>
        )}
        {data?.entries.map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className={`${ROW} ${entry.hidden || entry.ignored ? 'text-neutral-400' : ''}`}
              disabled={entry.type === 'other'}
              onClick={() => (entry.type === 'directory' ? setDir(`${data.path}/${entry.name}`) : nav.open(`${data.path}/${entry.name}`))}
            >
              {entry.type === 'directory' ? <FolderClosed size={14} aria-hidden /> : <File size={14} aria-hidden />}
              <span className="truncate">{entry.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const ROW = 'flex min-h-9 w-full items-center gap-2 rounded px-2 text-left text-sm hover:bg-neutral-100 disabled:opacity-50 dark:hover:bg-neutral-900';

function NewFile({ sessionId, folder, onCreated }: { sessionId: string; folder: string; onCreated: (file: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = async () => {
    const file = `${folder}/${name.trim()}`;
    try {
      await apiCall(routes.filesystem.workspaceSave, { body: { sessionId, path: file, content: '', create: true } });
      onCreated(file);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <form className="flex items-center gap-2 px-3 pb-2" onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <NameField aria-label="New file name" placeholder="New file name" value={name} onChange={(e) => setName(e.target.value)} className="flex-1" />
      <Button type="submit" size="sm" disabled={!name.trim()}>New file</Button>
      {error && <span role="alert" className="text-sm text-red-600">{error}</span>}
    </form>
  );
}
