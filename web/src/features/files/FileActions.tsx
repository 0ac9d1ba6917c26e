import { useState } from 'react';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import { Button } from '@/ui';
import { NameField } from './NameField';
import { baseName, dirName, useFilesNav } from './use-files-nav';

/** Rename (an inline name field) and Delete (asks first) of the open file. */
export function FileActions({ sessionId, file }: { sessionId: string; file: string }) {
  const nav = useFilesNav();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [name, setName] = useState(baseName(file));
  const [error, setError] = useState<string>();
  const run = async (action: () => Promise<void>) => {
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const rename = () => run(async () => {
    const renamed = await apiCall(routes.filesystem.workspaceRename, { body: { sessionId, path: file, to: `${dirName(file)}/${name.trim()}` } });
    nav.open(renamed.path);
  });
  const remove = () => run(async () => {
    await apiCall(routes.filesystem.workspaceDelete, { body: { sessionId, path: file } });
    nav.open('');
  });
  return (
    <>
      {mode === 'idle' && (
        <>
          <Button size="sm" onClick={() => setMode('rename')}>Rename</Button>
          <Button size="sm" variant="danger" onClick={() => setMode('delete')}>Delete</Button>
        </>
      )}
      {mode === 'rename' && (
        <form className="flex w-full items-center gap-2" onSubmit={(e) => { e.preventDefault(); void rename(); }}>
          <NameField aria-label="New name" value={name} onChange={(e) => setName(e.target.value)} className="flex-1" />
          <Button type="submit" size="sm" disabled={!name.trim()}>Rename</Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>Cancel</Button>
        </form>
      )}
      {mode === 'delete' && (
        <div role="alertdialog" aria-label="Delete file" className="flex w-full items-center gap-2 text-sm">
          <span className="flex-1">Delete {baseName(file)}? This cannot be undone.</span>
          <Button size="sm" variant="danger" onClick={() => void remove()}>Delete</Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>Cancel</Button>
        </div>
      )}
      {error && <span role="alert" className="w-full text-sm text-red-600">{error}</span>}
    </>
  );
}
