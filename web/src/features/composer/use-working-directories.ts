import { useEffect, useState } from 'react';
import { routes, type WorkingDirectory } from '@cui/contract';
import { apiCall } from '@/app/api-client';

/** Recent working directories (GET /api/working-directories), most recent first; empty while loading or on failure. */
export function useWorkingDirectories(enabled: boolean): WorkingDirectory[] {
  const [directories, setDirectories] = useState<WorkingDirectory[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    apiCall(routes.sessions.workingDirectories, {}, { signal: controller.signal }).then(
      (response) => setDirectories([...response.directories].sort((a, b) => b.lastDate.localeCompare(a.lastDate))),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('Failed to load working directories', error);
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return directories;
}
