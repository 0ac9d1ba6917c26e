import type { WorkspaceFileResponse } from '@cui/contract';
import { useState } from 'react';
import { ApiError, apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';

/** Why the last save failed: the file changed on disk (a conflict: diff, reload or overwrite), or another error. */
export type SaveProblem = { kind: 'conflict'; current?: string } | { kind: 'error'; message: string };

/** One file in the editor: what was read, the draft, and save with the read version as its precondition. */
export function useFileEditing(sessionId: string, file: string) {
  const loaded = useApiQuery(routes.filesystem.workspaceRead, { query: { sessionId, path: file } });
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<SaveProblem>();
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number>();
  const text = draft ?? loaded.data?.content ?? '';
  const dirty = loaded.data !== undefined && draft !== undefined && draft !== loaded.data.content;

  const saveAgainst = async (version: Pick<WorkspaceFileResponse, 'mtimeMs' | 'sha256'>) => {
    setSaving(true);
    setProblem(undefined);
    try {
      const saved = await apiCall(routes.filesystem.workspaceSave, { body: { sessionId, path: file, content: text, expected: { mtimeMs: version.mtimeMs, sha256: version.sha256 } } });
      loaded.setData(() => ({ ...saved, content: text }));
      setDraft(undefined);
      setSavedAt(Date.now());
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'fs.conflict') setProblem({ kind: 'conflict' });
      else setProblem({ kind: 'error', message: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setSaving(false);
    }
  };
  const current = () => apiCall(routes.filesystem.workspaceRead, { query: { sessionId, path: file } });

  return {
    loaded, text, dirty, problem, saving, savedAt,
    edit: setDraft,
    save: () => (loaded.data ? saveAgainst(loaded.data) : Promise.resolve()),
    /** The file as it is on disk now, shown against the draft. */
    showDifference: async () => setProblem({ kind: 'conflict', current: (await current()).content }),
    /** Drops the draft and loads the file again. */
    reload: () => {
      setDraft(undefined);
      setProblem(undefined);
      loaded.refetch();
    },
    /** Saves the draft over whatever is on disk now (the user chose to). */
    overwrite: async () => saveAgainst(await current()),
  };
}
