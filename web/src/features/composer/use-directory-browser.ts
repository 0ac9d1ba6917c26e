import { useCallback, useEffect, useState } from 'react';
import { routes } from '@cui/contract';
import { apiCall } from '@/app/api-client';
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
  const [listing, setListing] = useState<Listing>({ path: startPath, directories: [], error: null, loading: true });
  const path = listing.path;

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    apiCall(routes.filesystem.list, { query: { path } }, { signal: controller.signal }).then(
      (response) => {
        const directories = response.entries.filter((e) => e.type === 'directory').map((e) => e.name).sort((a, b) => a.localeCompare(b));
        setListing({ path: response.path || path, directories, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setListing({ path, directories: [], error: error instanceof Error ? error.message : 'Failed to list directory', loading: false });
      },
    );
    return () => controller.abort();
  }, [path, active]);

  const open = useCallback((next: string) => setListing((l) => ({ ...l, path: next.trim() || '/', loading: true })), []);
  const openChild = useCallback((name: string) => setListing((l) => ({ ...l, path: joinPath(l.path, name), loading: true })), []);
  const up = useCallback(() => setListing((l) => ({ ...l, path: parentPath(l.path), loading: true })), []);

  return { ...listing, open, openChild, up };
}
