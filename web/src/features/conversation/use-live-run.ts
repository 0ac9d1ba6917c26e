import type { StreamEvent, StreamingId } from '@cui/contract';
import { routes } from '@/app/routes';
import { type Dispatch, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '@/app/use-api-query';
import type { ConnectionState } from '@/app/stream';
import { type SessionAction, useStreamConnection } from '@/features/live-run';

export interface LiveRunOptions {
  sessionId: string;
  /** The run the list entry (or the navigation that started it) says is live. */
  initialStreamingId: StreamingId | undefined;
  dispatch: Dispatch<SessionAction>;
  /** A stream failure (reported on every failed attempt while it keeps retrying). */
  onError: (message: string) => void;
  /** The stream is healthy again (reconnected, or the run turned out to be over): its failure is stale. */
  onRecovered: () => void;
  onRunEnded: () => void;
}

export interface LiveRun {
  streamingId: StreamingId | undefined;
  /** Switches to another run (a resumed turn) or, with undefined, ends streaming. */
  setStreamingId: (streamingId: StreamingId | undefined) => void;
}

/**
 * Spec §4 step 3 and after: streams the live run (replaying it from the start so a late viewer misses
 * nothing), loads its pending permissions, follows a result to a new session id, clears on `closed`.
 */
export function useLiveRun({ sessionId, initialStreamingId, dispatch, onError, onRecovered, onRunEnded }: LiveRunOptions): LiveRun {
  const navigate = useNavigate();
  const [override, setOverride] = useState<{ id: string | undefined } | null>(null);
  const streamingId = override ? override.id : initialStreamingId;

  const onEvent = useCallback(
    (event: StreamEvent) => {
      dispatch({ type: 'stream_event', event, receivedAt: Date.now() });
      if (event.type === 'result' && event.session_id && event.session_id !== sessionId) navigate(`/c/${event.session_id}`);
      if (event.type === 'closed') {
        setOverride({ id: undefined });
        onRunEnded();
      }
    },
    [dispatch, navigate, sessionId, onRunEnded],
  );
  const onState = useCallback(
    (state: ConnectionState) => {
      dispatch({ type: 'connection_changed', state });
      if (state === 'connected') onRecovered();
    },
    [dispatch, onRecovered],
  );
  // The run ended while we were away and the server dropped its events: the transcript has them.
  const onGone = useCallback(() => {
    dispatch({ type: 'stream_cleared' });
    setOverride({ id: undefined });
    onRecovered();
    onRunEnded();
  }, [dispatch, onRecovered, onRunEnded]);
  useStreamConnection({ streamingId, onEvent, onState, onError, onGone, fromSeq: 0 });

  const pending = useApiQuery(routes.permissions.list, { query: { streamingId, status: 'pending' } }, { enabled: Boolean(streamingId) });
  useEffect(() => {
    if (pending.data) dispatch({ type: 'permissions_loaded', permissions: pending.data.permissions });
  }, [pending.data, dispatch]);
  useEffect(() => {
    if (pending.error) console.warn('Loading pending permissions failed:', pending.error);
  }, [pending.error]);

  const setStreamingId = useCallback((id: string | undefined) => setOverride({ id }), []);
  return { streamingId, setStreamingId };
}
