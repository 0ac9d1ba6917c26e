import type { ConversationListQuery, ConversationSummary, SessionInfo } from '@cui/contract';

export type SessionTab = 'tasks' | 'history' | 'archive';

/** Spec §9: first page 20, further pages 40. */
export const FIRST_PAGE_SIZE = 20;
export const PAGE_SIZE = 40;

/**
 * Spec §9 tab filters; every list call is sorted by update, newest first. The server puts pinned sessions first
 * (spec §2 order) so a pinned session beyond the loaded pages still shows at the top.
 */
const ORDER = { sortBy: 'updated', order: 'desc', pinnedFirst: true } as const;
export const TAB_QUERIES: Record<SessionTab, ConversationListQuery> = {
  tasks: { archived: false, hasContinuation: false, ...ORDER },
  history: { hasContinuation: true, ...ORDER },
  archive: { archived: true, ...ORDER },
};

export const LOAD_ERROR = 'Failed to load conversations';
export const LOAD_MORE_ERROR = 'Failed to load more conversations';

/** 'replace' loads from offset 0 (first load, tab switch, focus reload); 'append' loads the next page. */
export type LoadMode = 'replace' | 'append';

export interface SessionListState {
  items: ConversationSummary[];
  /** Rows fetched so far (before de-duplication): the offset of the next page. */
  fetched: number;
  hasMore: boolean;
  loading: LoadMode | null;
  error: string | null;
  /** Rows hidden while their archive/unarchive call is in flight. */
  hidden: string[];
  /** Some rows were answered while the server's first index was being built (their titles may still change). */
  provisional: boolean;
}

export type SessionListAction =
  | { type: 'reset' }
  | { type: 'loadStart'; mode: LoadMode }
  | { type: 'loaded'; mode: LoadMode; page: ConversationSummary[]; limit: number; provisional?: boolean }
  | { type: 'failed'; mode: LoadMode }
  | { type: 'hide'; sessionId: string }
  | { type: 'unhide'; sessionId: string }
  | { type: 'remove'; sessionId: string }
  | { type: 'patch'; sessionId: string; changes: Partial<ConversationSummary>; info?: Partial<SessionInfo> };

export const initialSessionListState: SessionListState = { items: [], fetched: 0, hasMore: false, loading: 'replace', error: null, hidden: [], provisional: false };

/** Keeps the first row of each sessionId (spec §9: duplicates by sessionId are removed). */
export function dedupeSessions(rows: readonly ConversationSummary[]): ConversationSummary[] {
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.sessionId) ? false : (seen.add(row.sessionId), true)));
}

/** How many rows a 'replace' load asks for: the first page, or everything already loaded (focus reloads keep the count). */
export function replaceLimit(state: SessionListState): number {
  return Math.max(FIRST_PAGE_SIZE, state.fetched);
}

export function sessionListReducer(state: SessionListState, action: SessionListAction): SessionListState {
  switch (action.type) {
    case 'reset':
      return initialSessionListState;
    case 'loadStart':
      return { ...state, loading: action.mode };
    case 'loaded': {
      const replace = action.mode === 'replace';
      return {
        ...state,
        items: dedupeSessions(replace ? action.page : [...state.items, ...action.page]),
        fetched: (replace ? 0 : state.fetched) + action.page.length,
        // More pages exist while a full page comes back.
        hasMore: action.page.length >= action.limit,
        loading: null,
        error: null,
        provisional: (action.provisional ?? false) || (!replace && state.provisional),
      };
    }
    case 'failed':
      return { ...state, loading: null, error: action.mode === 'append' ? LOAD_MORE_ERROR : LOAD_ERROR };
    case 'hide':
      return { ...state, hidden: [...state.hidden, action.sessionId] };
    case 'unhide':
      return { ...state, hidden: state.hidden.filter((id) => id !== action.sessionId) };
    case 'remove':
      return {
        ...state,
        items: state.items.filter((row) => row.sessionId !== action.sessionId),
        hidden: state.hidden.filter((id) => id !== action.sessionId),
      };
    case 'patch':
      return {
        ...state,
        items: state.items.map((row) =>
          row.sessionId === action.sessionId
            ? { ...row, ...action.changes, sessionInfo: { ...row.sessionInfo, ...action.changes.sessionInfo, ...action.info } }
            : row,
        ),
      };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** Rows to show: hidden ones left out, pinned first, then latest update first (spec §2 'Order'). */
export function visibleSessions(state: SessionListState): ConversationSummary[] {
  const hidden = new Set(state.hidden);
  return state.items
    .filter((row) => !hidden.has(row.sessionId))
    .sort((a, b) => Number(b.sessionInfo.pinned) - Number(a.sessionInfo.pinned) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}
