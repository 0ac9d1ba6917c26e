import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import type { ConversationListQuery, ConversationListResponse, ConversationSummary } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { SESSIONS_CHANGED_EVENT } from '@/app/sessions-changed';
import {
  initialSessionListState, PAGE_SIZE, replaceLimit, sessionListReducer, TAB_QUERIES, visibleSessions,
  type LoadMode, type SessionListAction, type SessionListState, type SessionTab,
} from './session-list-state';

/** Fetches one page of GET /api/conversations. */
export type FetchSessionPage = (query: ConversationListQuery) => Promise<ConversationListResponse>;

export const fetchSessionPage: FetchSessionPage = (query) => apiCall(routes.sessions.list, { query });

export interface SessionList {
  state: SessionListState;
  rows: ConversationSummary[];
  dispatch: Dispatch<SessionListAction>;
  loadMore(): void;
  /** Reloads from the top keeping the number of rows already loaded. */
  reload(): void;
}

/**
 * One tab's session list: first page on mount and on tab change, further pages on demand, and a
 * silent reload (keeping the loaded count) on window focus, when the page becomes visible and when sessions changed
 * elsewhere (SESSIONS_CHANGED_EVENT).
 */
export function useSessionList(tab: SessionTab, fetchPage: FetchSessionPage = fetchSessionPage): SessionList {
  const [state, dispatch] = useReducer(sessionListReducer, initialSessionListState);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  // Every load takes a ticket; answers to older tickets (another tab, a superseded reload) are dropped.
  const ticket = useRef(0);

  const load = useCallback(
    (mode: LoadMode, limit: number, offset: number) => {
      const mine = ++ticket.current;
      dispatch({ type: 'loadStart', mode });
      fetchPage({ ...TAB_QUERIES[tab], limit, offset }).then(
        (response) => mine === ticket.current && dispatch({ type: 'loaded', mode, page: response.conversations, limit, provisional: response.indexing === true }),
        (error: unknown) => {
          if (mine !== ticket.current) return;
          console.error('Failed to load conversations', error);
          dispatch({ type: 'failed', mode });
        },
      );
    },
    [tab, fetchPage],
  );

  const reload = useCallback(() => load('replace', replaceLimit(stateRef.current), 0), [load]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading !== null || !current.hasMore) return;
    load('append', PAGE_SIZE, current.fetched);
  }, [load]);

  useEffect(() => {
    dispatch({ type: 'reset' });
    load('replace', replaceLimit(initialSessionListState), 0);
  }, [load]);

  useEffect(() => {
    const onVisibility = () => document.visibilityState === 'visible' && reload();
    window.addEventListener('focus', reload);
    window.addEventListener(SESSIONS_CHANGED_EVENT, reload);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', reload);
      window.removeEventListener(SESSIONS_CHANGED_EVENT, reload);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [reload]);

  const rows = useMemo(() => visibleSessions(state), [state]);
  return { state, rows, dispatch, loadMore, reload };
}
