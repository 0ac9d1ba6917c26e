import { useCallback, useEffect, useState } from 'react';
import type { RouteResponse } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { announceSessionsChanged } from '@/app/sessions-changed';

/** Spec §5: the confirmation asked before archiving. */
export const ARCHIVE_ALL_CONFIRMATION = 'Are you sure you want to archive all sessions? This action cannot be undone.';
/** Spec §9: the success message clears after 3 s. */
export const ARCHIVE_SUCCESS_MS = 3000;

export type ArchiveAllStatus =
  | { state: 'idle' }
  | { state: 'archiving' }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

export interface ArchiveAllDeps {
  archiveAll(): Promise<RouteResponse<typeof routes.sessions.archiveAll>>;
  confirm(message: string): boolean;
}

const browserDeps: ArchiveAllDeps = {
  archiveAll: () => apiCall(routes.sessions.archiveAll),
  confirm: (message) => window.confirm(message),
};

/** Spec §4 'Archive-all status': 'Archiving...', then the server's message for 3 s, or 'Error: …'. */
export function useArchiveAll(deps: ArchiveAllDeps = browserDeps): { status: ArchiveAllStatus; archive(): Promise<void> } {
  const [status, setStatus] = useState<ArchiveAllStatus>({ state: 'idle' });

  useEffect(() => {
    if (status.state !== 'done') return;
    const timer = setTimeout(() => setStatus({ state: 'idle' }), ARCHIVE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const archive = useCallback(async () => {
    if (!deps.confirm(ARCHIVE_ALL_CONFIRMATION)) return;
    setStatus({ state: 'archiving' });
    try {
      const response = await deps.archiveAll();
      setStatus({ state: 'done', message: response.message });
      // The home lists reload so the archived rows leave the Tasks tab behind the dialog.
      announceSessionsChanged();
    } catch (error) {
      const message = error instanceof Error && error.message ? `Error: ${error.message}` : 'Failed to archive sessions';
      setStatus({ state: 'failed', message });
    }
  }, [deps]);

  return { status, archive };
}
