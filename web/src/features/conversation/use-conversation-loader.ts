import type { ConversationDetails, ConversationSummary, ToolMetrics } from '@cui/contract';
import { MAX_DETAILS_WINDOW } from '@cui/contract/constants';
import { routes } from '@/app/routes';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall } from '@/app/api-client';
import { FIRST_WINDOW, type FirstWindowHandoff, fetchFirstWindow, findSummary } from '@/app/first-window';
import type { SessionAction } from '@/features/live-run';

/** Messages of each older window, fetched as the reader scrolls up. */
export const OLDER_WINDOW = 1000;

export interface ConversationLoad {
  summary: ConversationSummary | null;
  setSummary: Dispatch<(summary: ConversationSummary | null) => ConversationSummary | null>;
  projectPath: string | null;
  loading: boolean;
  /** Why the conversation could not be opened at all (unknown id, server failure); null once loaded. */
  loadError: LoadError | null;
  /** Re-reads the transcript's newest window and rebuilds the messages from it. */
  reloadHistory: () => Promise<void>;
  /** Cursor of the next older window; null once the first message is held. */
  olderBefore: number | null;
  /** Fetches the next older window (once at a time; nothing when there is none). */
  loadOlder: () => void;
  /** The session's totals as the last history read gave them (a new object on each read); null before the first. */
  history: HistoryTotals | null;
}

/** What a history read said of the whole session, whatever part of it the view holds. */
export interface HistoryTotals {
  /** The session's tool metrics (the index's, as in the list); absent when the server had none. */
  toolMetrics: ToolMetrics | undefined;
  /** Every message is held (no older window left). */
  complete: boolean;
}

const historyTotals = (details: ConversationDetails): HistoryTotals => ({ toolMetrics: details.metadata.toolMetrics, complete: (details.window?.before ?? null) === null });

export interface LoadError {
  message: string;
  notFound: boolean;
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Where the next older window ends (null: none), how many messages the windows held so far brought, and a
 * generation that a reload bumps so that stale windows are dropped.
 */
interface OlderCursor {
  before: number | null;
  held: number;
  generation: number;
  busy: boolean;
}

/**
 * Spec §4 'Opening a conversation' steps 1–2: the details, then the list entry (status, streamingId, session info).
 * The details come in windows (issue 11): the newest first, older ones on demand through `loadOlder`. A first load
 * that fails is `loadError` (the view shows a not-found or failed state); an older window that fails goes to `onError`.
 */
export interface FirstLoadOptions {
  /** The prompt that opened the page by starting this session's run (navigation state), if any. */
  startedWith?: string;
  /** A message uuid (a search hit) the first window must include. */
  through?: string;
  /** The first window as the route's loader already asked for it (same session and `through`); else read here. */
  firstWindow?: FirstWindowHandoff;
}

export function useConversationLoader(
  sessionId: string,
  dispatch: Dispatch<SessionAction>,
  onError: (message: string) => void,
  { startedWith, through, firstWindow }: FirstLoadOptions = {},
): ConversationLoad {
  const [summary, setSummary] = useState<ConversationSummary | null>(null);
  const [projectPath, setProjectPath] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [olderBefore, setOlderBefore] = useState<number | null>(null);
  const [history, setHistory] = useState<HistoryTotals | null>(null);
  const cursor = useRef<OlderCursor>({ before: null, held: 0, generation: 0, busy: false });
  const setBefore = useCallback((before: number | null | undefined, held: number) => {
    cursor.current = { before: before ?? null, held, generation: cursor.current.generation + 1, busy: false };
    setOlderBefore(cursor.current.before);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const { details, listed } = await (firstWindow?.take() ?? fetchFirstWindow(sessionId, through, controller.signal));
        if (controller.signal.aborted) return;
        // The starting prompt matters only while its run is on (a page reloaded later reads it from the transcript).
        const live = startedWith !== undefined && (!listed || listed.status === 'ongoing');
        dispatch({ type: 'history_loaded', messages: details.messages, ...(live ? { pendingPrompt: startedWith } : {}) });
        setHistory(historyTotals(details));
        setBefore(details.window?.before, details.messages.length);
        setProjectPath(details.projectPath || null);
        setSummary(listed);
      } catch (error) {
        if (!controller.signal.aborted) setLoadError({ message: errorText(error, 'Failed to load conversation'), notFound: error instanceof ApiError && error.status === 404 });
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    })();
    return () => controller.abort();
    // Only the first load of the page uses the starting prompt and the target message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, dispatch, setBefore]);

  const reloadHistory = useCallback(async () => {
    try {
      // As many messages as are held, and the new ones: a reader who had scrolled up keeps what they were reading.
      const limit = Math.min(MAX_DETAILS_WINDOW, cursor.current.held + FIRST_WINDOW);
      const details = await apiCall(routes.sessions.details, { params: { sessionId }, query: { limit } });
      dispatch({ type: 'history_loaded', messages: details.messages, replace: true });
      setHistory(historyTotals(details));
      setBefore(details.window?.before, details.messages.length);
      // The folder too: a first load that came before the index had the transcript's folder (a new worktree run) had none.
      if (details.projectPath) setProjectPath(details.projectPath);
      setSummary(await findSummary(sessionId));
    } catch (error) {
      console.warn('Reloading the conversation failed:', error);
    }
  }, [sessionId, dispatch, setBefore]);

  const loadOlder = useCallback(() => {
    const { before, generation, busy } = cursor.current;
    if (before === null || busy) return;
    cursor.current = { ...cursor.current, busy: true };
    apiCall(routes.sessions.details, { params: { sessionId }, query: { limit: OLDER_WINDOW, before } }).then(
      (details) => {
        if (cursor.current.generation !== generation) return;
        dispatch({ type: 'history_prepended', messages: details.messages });
        setHistory(historyTotals(details));
        setBefore(details.window?.before, cursor.current.held + details.messages.length);
      },
      (error: unknown) => {
        if (cursor.current.generation === generation) cursor.current = { ...cursor.current, busy: false };
        onError(errorText(error, 'Failed to load older messages'));
      },
    );
  }, [sessionId, dispatch, onError, setBefore]);

  return { summary, setSummary, projectPath: projectPath ?? summary?.projectPath ?? null, loading, loadError, reloadHistory, olderBefore, loadOlder, history };
}
