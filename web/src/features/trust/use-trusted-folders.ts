import { useCallback, useEffect, useState } from 'react';
import type { TrustedFolder } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';

export interface TrustedFoldersState {
  /** null while loading. */
  folders: TrustedFolder[] | null;
  error: string | null;
  revoke(folder: TrustedFolder): Promise<void>;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** GET /api/trust/folders (again after each revoke), and DELETE for the console's own entries. */
export function useTrustedFolders(): TrustedFoldersState {
  const [folders, setFolders] = useState<TrustedFolder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    apiCall(routes.trust.list, {}, { signal: controller.signal }).then(
      (response) => setFolders(response.folders),
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(message(caught));
      },
    );
    return () => controller.abort();
  }, [version]);
  const revoke = useCallback(async (folder: TrustedFolder) => {
    try {
      await apiCall(routes.trust.revoke, { query: { path: folder.path } });
      setError(null);
      setVersion((v) => v + 1);
    } catch (caught) {
      setError(message(caught));
    }
  }, []);
  return { folders, error, revoke };
}
