import { useCallback, useMemo, useState } from 'react';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { joinPath, parentPath } from './paths';

interface Listing {
  path: string;
  directories: string[];
  error: string | null;
  loading: boolean;
}

export interface DirectoryBrowser extends Listing {
  open(path: string): void;
  openChild(name: string): void;
  up(): void;
}

/** Browses directories through GET /api/filesystem/list (non-recursive), one level at a time. */
export function useDirectoryBrowser(startPath: string, active: boolean): DirectoryBrowser {
  const [requested, setRequested] = useState(startPath);
  const { data, error, loading } = useApiQuery(routes.filesystem.list, { query: { path: requested } }, { enabled: active });
  // The server's answer names the directory as it resolved it; until then, the one asked for.
  const path = data?.path || requested;
  const directories = useMemo(
    () => (data?.entries ?? []).filter((e) => e.type === 'directory').map((e) => e.name).sort((a, b) => a.localeCompare(b)),
    [data],
  );

  const open = useCallback((next: string) => setRequested(next.trim() || '/'), []);
  const openChild = useCallback((name: string) => setRequested(joinPath(path, name)), [path]);
  const up = useCallback(() => setRequested(parentPath(path)), [path]);

  return { path, directories, error: error ? error.message || 'Failed to list directory' : null, loading, open, openChild, up };
}
