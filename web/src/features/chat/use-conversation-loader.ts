import { type ConversationSummary, routes } from '@cui/contract';
import { type Dispatch, useCallback, useEffect, useState } from 'react';
import { ApiError, apiCall } from '@/app/api-client';
import type { SessionAction } from '@/features/stream';

export interface ConversationLoad {
  summary: ConversationSummary | null;
  setSummary: Dispatch<(summary: ConversationSummary | null) => ConversationSummary | null>;
  projectPath: string | null;
  loading: boolean;
  /** Why the conversation could not be opened at all (unknown id, server failure); null once loaded. */
  loadError: LoadError | null;
  /** Re-reads the transcript and rebuilds the messages from it. */
  reloadHistory: () => Promise<void>;
}

export interface LoadError {
  message: string;
  notFound: boolean;
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The list entry of one session (status, streamingId, session info), looked up by its id. */
async function findSummary(sessionId: string, signal: AbortSignal): Promise<ConversationSummary | null> {
  const list = await apiCall(routes.sessions.list, { query: { sessionId, limit: 1 } }, { signal });
  return list.conversations.find((c) => c.sessionId === sessionId) ?? null;
}

/** Spec §4 'Opening a conversation' steps 1–2: the details, then the list entry (status, streamingId, session info). */
export function useConversationLoader(sessionId: string, dispatch: Dispatch<SessionAction>): ConversationLoad {
  const [summary, setSummary] = useState<ConversationSummary | null>(null);
  const [projectPath, setProjectPath] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<LoadError | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const details = await apiCall(routes.sessions.details, { params: { sessionId } }, { signal: controller.signal });
        dispatch({ type: 'history_loaded', messages: details.messages });
        setProjectPath(details.projectPath || null);
        setSummary(await findSummary(sessionId, controller.signal));
      } catch (error) {
        if (!controller.signal.aborted) setLoadError({ message: errorText(error, 'Failed to load conversation'), notFound: error instanceof ApiError && error.status === 404 });
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    })();
    return () => controller.abort();
  }, [sessionId, dispatch]);

  const reloadHistory = useCallback(async () => {
    try {
      const details = await apiCall(routes.sessions.details, { params: { sessionId } });
      dispatch({ type: 'history_loaded', messages: details.messages, replace: true });
      setSummary(await findSummary(sessionId, new AbortController().signal));
    } catch (error) {
      console.warn('Reloading the conversation failed:', error);
    }
  }, [sessionId, dispatch]);

  return { summary, setSummary, projectPath: projectPath ?? summary?.projectPath ?? null, loading, loadError, reloadHistory };
}
