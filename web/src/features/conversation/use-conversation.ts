import { useCallback, useMemo, useReducer, useState } from 'react';
import { useLocation } from 'react-router';
import { initialSessionState, sessionReducer } from '@/features/live-run';
import { useConversationActions } from './use-conversation-actions';
import { useConversationLoader } from './use-conversation-loader';
import { useLiveRun } from './use-live-run';
import { useTerminalFollow } from './use-terminal-follow';
import { fromNavigation } from './started-run';
import { MESSAGE_PARAM } from '@/lib/message-link';
import type { FirstWindowHandoff } from '@/app/first-window';

/** The red banner's text, and whether the live stream raised it (then its recovery clears it). */
interface Banner {
  message: string;
  fromStream: boolean;
}

/** Everything the conversation view shows and does for one session. */
export function useConversation(sessionId: string, firstWindow?: FirstWindowHandoff) {
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const [banner, setBanner] = useState<Banner | null>(null);
  const location = useLocation();
  const onError = useCallback((message: string) => setBanner({ message, fromStream: false }), []);
  const onStreamError = useCallback((message: string) => setBanner({ message, fromStream: true }), []);
  // A stream failure is cleared by the stream's recovery; other failures (send, stop, load) stay until dismissed.
  const onRecovered = useCallback(() => setBanner((current) => (current?.fromStream ? null : current)), []);
  // A search hit opens the page on one message (?message=<uuid>): the first window reaches back to it.
  const target = new URLSearchParams(location.search).get(MESSAGE_PARAM) ?? undefined;
  const load = useConversationLoader(sessionId, dispatch, onError, { startedWith: fromNavigation(location.state, 'prompt'), through: target, firstWindow });
  const { reloadHistory } = load;
  const onRunEnded = useCallback(() => void reloadHistory(), [reloadHistory]);
  const listed = load.summary?.status === 'ongoing' ? load.summary.streamingId : undefined;
  const run = useLiveRun({ sessionId, initialStreamingId: load.summary ? listed : fromNavigation(location.state, 'streamingId'), dispatch, onError: onStreamError, onRecovered, onRunEnded });
  const running = Boolean(run.streamingId) && !state.closed;
  const terminal = useTerminalFollow(sessionId, load.summary, running, reloadHistory);
  const waiting = running && state.result?.interrupted === true;
  const actions = useConversationActions({
    sessionId,
    projectPath: load.projectPath,
    streamingId: run.streamingId,
    running,
    waiting,
    dispatch,
    setStreamingId: run.setStreamingId,
    setSummary: load.setSummary,
    onError,
    onRunEnded,
  });
  const dismissBanner = useCallback(() => setBanner(null), []);
  const older = useMemo(() => ({ before: load.olderBefore, loadOlder: load.loadOlder }), [load.olderBefore, load.loadOlder]);
  return { state, target, banner: banner?.message ?? null, dismissBanner, summary: load.summary, history: load.history, projectPath: load.projectPath, loading: load.loading, loadError: load.loadError, older, running, waiting, terminal, streamingId: run.streamingId, ...actions };
}
