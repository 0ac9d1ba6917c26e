import { FolderUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, Spinner } from '@/ui';
import { FileActions } from './FileActions';
import { baseName, useFilesNav } from './use-files-nav';
import { useFileEditing, type SaveProblem } from './use-file-editing';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** One file: its name, Save, Rename and Delete, the editor (syntax highlighted), and what to do when a save conflicts. */
export function FileView({ sessionId, file, line, find }: { sessionId: string; file: string; line?: number; find?: string }) {
  const nav = useFilesNav();
  const editing = useFileEditing(sessionId, file);
  const { loaded } = editing;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        <Button variant="ghost" size="sm" onClick={() => nav.open('')} aria-label="Back to the folder">
          <FolderUp size={14} aria-hidden /> Folder
        </Button>
        <span className="min-w-0 flex-1 truncate font-mono text-sm" title={file} data-testid="open-file">{baseName(file)}</span>
        {editing.savedAt && !editing.dirty && <span className="text-xs text-neutral-500" role="status">Saved</span>}
        <Button size="sm" variant="primary" disabled={!editing.dirty || editing.saving} onClick={() => void editing.save()}>
          {editing.saving ? 'Saving...' : 'Save'}
        </Button>
        <FileActions sessionId={sessionId} file={file} />
      </div>
      {editing.problem && <ProblemBar problem={editing.problem} actions={editing} />}
      {loaded.error && <p role="alert" className="px-3 text-sm text-red-600">{loaded.error.message}</p>}
      <div className="min-h-0 flex-1 overflow-hidden border-t border-neutral-200 dark:border-neutral-800">
        {loaded.data && (
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <CodeEditor
              key={`${loaded.data.sha256}:${editing.problem?.kind === 'conflict' ? (editing.problem.current ?? '') : ''}`}
              fileName={baseName(file)}
              content={editing.text}
              original={editing.problem?.kind === 'conflict' ? editing.problem.current : undefined}
              line={line ?? lineOf(loaded.data.content, find)}
              onChange={editing.edit}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** The first line (1-based) holding `find`, if any. */
function lineOf(content: string, find: string | undefined): number | undefined {
  if (!find) return undefined;
  const at = content.indexOf(find);
  return at < 0 ? undefined : content.slice(0, at).split('\n').length;
}

interface ProblemActions {
  showDifference(): Promise<void>;
  reload(): void;
  overwrite(): Promise<void>;
}

function ProblemBar({ problem, actions }: { problem: SaveProblem; actions: ProblemActions }) {
  if (problem.kind === 'error') return <p role="alert" className="px-3 pb-2 text-sm text-red-600">{problem.message}</p>;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950">
      <span className="flex-1">This file changed since you opened it (the agent may have edited it). Your changes are not saved.</span>
      {problem.current === undefined && <Button size="sm" onClick={() => void actions.showDifference()}>Show difference</Button>}
      <Button size="sm" onClick={actions.reload}>Reload</Button>
      <Button size="sm" variant="danger" onClick={() => void actions.overwrite()}>Overwrite</Button>
    </div>
  );
}
