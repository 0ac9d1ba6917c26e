import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import type { GitChange } from '@cui/contract';
import { IconButton } from '@/ui';
import type { ChangesButtonProps } from './ChangesButton';
import { ChangeList } from './ChangeList';
import { CommitBox } from './CommitBox';
import { FileDiff } from './FileDiff';
import { RemoteBar } from './RemoteBar';
import { touchedFiles } from './touched-files';
import { useGitActions } from './use-git-actions';
import { useGitStatus } from './use-git-status';

/** The Changes side panel: the folder's changes against HEAD or the session's first commit, a file's diff, git actions. */
export function ChangesPanel({ sessionId, revision, messages, DiffView, languageOf, onClose }: ChangesButtonProps & { onClose: () => void }) {
  const status = useGitStatus(sessionId, revision);
  const actions = useGitActions(sessionId, status.refetch);
  const [selected, setSelected] = useState<GitChange>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const data = status.data;
  return (
    <aside
      role="dialog"
      aria-label="Changes"
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l border-neutral-200 bg-white text-sm shadow-xl sm:w-[36rem] dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
        <h2 className="flex-1 text-[15px] font-semibold">Changes</h2>
        {data?.repository && (
          <select aria-label="Compare with" className="rounded border border-neutral-300 bg-transparent px-1 py-0.5 text-xs dark:border-neutral-700" value={status.base} onChange={(e) => status.setBase(e.target.value as 'head' | 'initial')}>
            <option value="head">Against HEAD</option>
            <option value="initial" disabled={!data.initialCommit}>Since the session started</option>
          </select>
        )}
        <IconButton label="Close changes" icon={<X size={16} aria-hidden />} onClick={onClose} />
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
        {status.error && !data && <p role="alert" className="text-red-600">{status.error.message}</p>}
        {data && !data.repository && <NotGit folder={data.folder} files={touchedFiles(messages)} />}
        {data?.repository && (
          <>
            <RemoteBar status={data} actions={actions} />
            {actions.message && <pre role={actions.failed ? 'alert' : 'status'} className={`max-h-40 overflow-auto whitespace-pre-wrap rounded bg-neutral-100 p-2 text-xs dark:bg-neutral-800 ${actions.failed ? 'text-red-600' : ''}`}>{actions.message}</pre>}
            <ChangeList changes={data.changes} base={status.base} actions={actions} onOpen={setSelected} selected={selected} />
            {selected && <FileDiff sessionId={sessionId} change={selected} base={status.base} revision={revision} DiffView={DiffView} languageOf={languageOf} />}
            {status.base === 'head' && <CommitBox actions={actions} staged={data.changes.some((c) => c.staged)} />}
          </>
        )}
      </div>
    </aside>
  );
}

function NotGit({ folder, files }: { folder: string; files: string[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p>{folder} is not a git repository.</p>
      {files.length > 0 ? (
        <>
          <p className="text-neutral-500">Files this session's tools changed:</p>
          <ul className="font-mono text-xs">{files.map((file) => <li key={file}>{file}</li>)}</ul>
        </>
      ) : (
        <p className="text-neutral-500">This session's tools changed no files.</p>
      )}
    </div>
  );
}
