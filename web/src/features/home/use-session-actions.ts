import { useCallback, useEffect, type Dispatch } from 'react';
import type { ConversationSummary, SessionUpdateRequest } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall, ApiError } from '@/app/api-client';
import { announceSessionsChanged } from '@/app/sessions-changed';
import { moveLegacyNotifyFlags } from './notify-sessions';
import type { SessionListAction } from './session-list-state';

export interface SessionActions {
  /** Archive (true) or unarchive (false): the row hides at once and comes back if the call fails. */
  setArchived(row: ConversationSummary, archived: boolean): Promise<void>;
  rename(row: ConversationSummary, name: string): Promise<void>;
  setPinned(row: ConversationSummary, pinned: boolean): Promise<void>;
  /** 'Mute' (false) or 'Notify me' (true), stored on the server (`sessionInfo.notify`); reverted if the call fails. */
  setNotify(row: ConversationSummary, notify: boolean): Promise<void>;
}

const update = (sessionId: string, body: SessionUpdateRequest) => apiCall(routes.sessions.update, { params: { sessionId }, body });

/** 'gone' for a session the server no longer knows (nothing to move). */
const legacyNotify = async (sessionId: string): Promise<'ok' | 'gone'> => {
  try {
    await update(sessionId, { notify: true });
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'gone';
    throw error;
  }
};

/** Row actions of the session list: archive/unarchive, rename, pin and the per-session notify flag. */
export function useSessionActions(dispatch: Dispatch<SessionListAction>): SessionActions {
  // Once per mount: a list an older build kept in local storage moves to the server (idempotent if repeated); the
  // lists then reload, since they may have been read before the move.
  useEffect(() => {
    void moveLegacyNotifyFlags(legacyNotify).then((written) => {
      if (written > 0) announceSessionsChanged();
    });
  }, []);

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

  const setNotify = useCallback(
    async (row: ConversationSummary, notify: boolean) => {
      dispatch({ type: 'patch', sessionId: row.sessionId, changes: {}, info: { notify } });
      try {
        await update(row.sessionId, { notify });
      } catch (error) {
        console.error('Failed to update notifications for the session', error);
        dispatch({ type: 'patch', sessionId: row.sessionId, changes: {}, info: { notify: !notify } });
      }
    },
    [dispatch],
  );

  return { setArchived, rename, setPinned, setNotify };
}
