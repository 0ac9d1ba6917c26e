import type { StreamEvent, StreamingId, ToolMetrics } from '@cui/contract';
import { useCallback, useState } from 'react';
import { type ConnectionState, exponentialRetry, type RetryPolicy } from '@/app/stream';
import { statusTextFor, statusWhileTyping } from './status-text';
import { EMPTY_TALLY, type StreamToolTally, tallyToolEvent } from './tool-metrics';
import { useStreamConnection } from './use-stream-connection';

/** Spec §3 'Stream status (client-side)'. */
export interface LiveStatus {
  connectionState: ConnectionState;
  currentStatus: string;
  lastEvent: StreamEvent | null;
  lastEventTime: number | null;
  toolMetrics: ToolMetrics;
  /** The tool uses behind toolMetrics, pending ones included (they count once settled). */
  tally: StreamToolTally;
}

const INITIAL: LiveStatus = {
  connectionState: 'connecting',
  currentStatus: 'Running',
  lastEvent: null,
  lastEventTime: null,
  toolMetrics: EMPTY_TALLY.metrics,
  tally: EMPTY_TALLY,
};

/** Folds one event into a live status (pure; exported for the home list and tests). */
export function reduceLiveStatus(status: LiveStatus, event: StreamEvent, now: number): LiveStatus {
  // One per token: the row's status stays as it is (and does not re-render).
  if (event.type === 'assistant_delta') return status.currentStatus === 'Initializing...' ? { ...status, currentStatus: statusWhileTyping(status.currentStatus) } : status;
  const tally = tallyToolEvent(status.tally, event);
  const ended = event.type === 'closed' || event.type === 'result';
  return {
    connectionState: ended ? 'disconnected' : status.connectionState,
    currentStatus: statusTextFor(event) ?? status.currentStatus,
    lastEvent: event,
    lastEventTime: now,
    toolMetrics: tally.metrics,
    tally,
  };
}

const LIST_RETRY: RetryPolicy = exponentialRetry();

/**
 * The live status of one running session for list rows: status text ('Running', 'Editing file...',
 * 'Completed'…), connection state and tool metrics. Retries up to 3 times (1 s, doubling) per spec §9.
 * Only new events are read (no replay): a row needs the current status, not the history.
 */
export function useLiveStatus(streamingId: StreamingId | undefined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(INITIAL);
  const onEvent = useCallback((event: StreamEvent) => setStatus((s) => reduceLiveStatus(s, event, Date.now())), []);
  const onState = useCallback(
    (connectionState: ConnectionState) => setStatus((s) => (s.connectionState === connectionState ? s : { ...s, connectionState })),
    [],
  );
  useStreamConnection({ streamingId, onEvent, onState, retry: LIST_RETRY });
  return status;
}
