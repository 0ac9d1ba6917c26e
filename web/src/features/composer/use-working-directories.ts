import { useEffect, useMemo } from 'react';
import type { WorkingDirectory } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';

const NONE: WorkingDirectory[] = [];

/** Recent working directories (GET /api/working-directories), most recent first; empty while loading or on failure. */
export function useWorkingDirectories(enabled: boolean): WorkingDirectory[] {
  const { data, error } = useApiQuery(routes.sessions.workingDirectories, {}, { enabled });
  useEffect(() => {
    if (error) console.error('Failed to load working directories', error);
  }, [error]);
  return useMemo(() => (data ? [...data.directories].sort((a, b) => b.lastDate.localeCompare(a.lastDate)) : NONE), [data]);
}
