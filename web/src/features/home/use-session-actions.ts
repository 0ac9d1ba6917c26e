import { useCallback, useState, type Dispatch } from 'react';
import { routes, type ConversationSummary } from '@cui/contract';
import { apiCall } from '@/app/api-client';
import { loadNotifySessions, setSessionNotify } from './notify-sessions';
import type { SessionListAction } from './session-list-state';

export interface SessionActions {
  /** Archive (true) or unarchive (false): the row hides at once and comes back if the call fails. */
  setArchived(row: ConversationSummary, archived: boolean): Promise<void>;
  rename(row: ConversationSummary, name: string): Promise<void>;
  setPinned(row: ConversationSummary, pinned: boolean): Promise<void>;
  notifyIds: string[];
  setNotify(sessionId: string, on: boolean): void;
}

const update = (sessionId: string, body: { customName?: string; pinned?: boolean; archived?: boolean }) =>
  apiCall(routes.sessions.update, { params: { sessionId }, body });

/** Row actions of the session list: archive/unarchive, rename, pin and the per-session notify flag. */
export function useSessionActions(dispatch: Dispatch<SessionListAction>): SessionActions {
  const [notifyIds, setNotifyIds] = useState(loadNotifySessions);

  const setArchived = useCallback(
    async (row: ConversationSummary, archived: boolean) => {
      dispatch({ type: 'hide', sessionId: row.sessionId });
      try {
        await update(row.sessionId, { archived });
        dispatch({ type: 'remove', sessionId: row.sessionId });
      } catch (error) {
        // Spec §4: on failure the hidden row is restored.
        console.error(`Failed to ${archived ? 'archive' : 'unarchive'} session`, error);
        dispatch({ type: 'unhide', sessionId: row.sessionId });
      }
    },
    [dispatch],
  );

  const rename = useCallback(
    async (row: ConversationSummary, name: string) => {
      const previous = row.sessionInfo.custom_name;
      dispatch({ type: 'patch', sessionId: row.sessionId, changes: {}, info: { custom_name: name } });
      try {
        await update(row.sessionId, { customName: name });
      } catch (error) {
        // Spec §8: rename failures are only logged; the old name comes back.
        console.error('Failed to rename session', error);
        dispatch({ type: 'patch', sessionId: row.sessionId, changes: {}, info: { custom_name: previous } });
      }
    },
    [dispatch],
  );

  const setPinned = useCallback(
    async (row: ConversationSummary, pinned: boolean) => {
      try {
        await update(row.sessionId, { pinned });
        dispatch({ type: 'patch', sessionId: row.sessionId, changes: {}, info: { pinned } });
      } catch (error) {
        // Spec §8: pin failures are only logged.
        console.error('Failed to update pin', error);
      }
    },
    [dispatch],
  );

  const setNotify = useCallback((sessionId: string, on: boolean) => setNotifyIds(setSessionNotify(sessionId, on)), []);

  return { setArchived, rename, setPinned, notifyIds, setNotify };
}
