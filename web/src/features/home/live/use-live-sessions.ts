import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationSummary } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall, authHeaders } from '@/app/api-client';
import { documentVisibility } from '@/app/stream';
import { statusTextFor } from '@/features/live-run';
import { createListStreamOpener } from './list-stream-opener';
import { createStreamQueue, MAX_CONCURRENT_STREAMS, type StreamEnd, type StreamQueue } from './stream-queue';

export interface LiveSessions {
  /** Live status text per streamingId ('Running' until the first event says otherwise). */
  statusOf(streamingId: string): string;
  /** True when the row's run is live (ongoing, with a streamingId whose run has not ended). */
  isLive(row: ConversationSummary): boolean;
  /** Stops the run for real (POST /api/conversations/{streamingId}/stop). */
  stop(row: ConversationSummary): Promise<void>;
  stopping(streamingId: string): boolean;
}

/**
 * List streams the home page may hold: spec §9's 5 streams per page, less the one the header's inbox holds. A browser
 * keeps at most 6 connections to one server (HTTP/1.1); with 5 list streams and the inbox's, every other call (a
 * decision, a list reload) would wait for a stream to end.
 */
export const LIST_STREAMS = MAX_CONCURRENT_STREAMS - 1;

function browserQueue(): StreamQueue {
  return createStreamQueue(
    createListStreamOpener({
      fetchFn: (input, init) => fetch(input, init),
      headers: authHeaders,
      visibility: documentVisibility(document),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    }),
    LIST_STREAMS,
  );
}

/**
 * Watches the runs of the ongoing rows through a bounded stream queue (LIST_STREAMS at a time), keeps each row's
 * status text, and reports a run's end (`onRunEnded`) so the list can show the row as completed.
 */
export function useLiveSessions(rows: ConversationSummary[], onRunEnded: (row: ConversationSummary, reason: StreamEnd) => void): LiveSessions {
  const [queue] = useState(browserQueue);
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const [ended, setEnded] = useState<ReadonlySet<string>>(() => new Set());
  const [stoppingIds, setStoppingIds] = useState<ReadonlySet<string>>(() => new Set());
  const watchers = useRef(new Map<string, () => void>());
  const latestEnded = useRef(onRunEnded);
  useEffect(() => {
    latestEnded.current = onRunEnded;
  });

  const markEnded = useCallback((row: ConversationSummary, reason: StreamEnd) => {
    if (reason === 'closed' && row.streamingId) setEnded((s) => new Set(s).add(row.streamingId as string));
    latestEnded.current(row, reason);
  }, []);

  const isLive = useCallback((row: ConversationSummary) => row.status === 'ongoing' && Boolean(row.streamingId) && !ended.has(row.streamingId ?? ''), [ended]);
  const live = useMemo(() => rows.filter(isLive), [rows, isLive]);

  useEffect(() => {
    const wanted = new Map(live.map((row) => [row.streamingId as string, row]));
    for (const [id, release] of watchers.current) {
      if (!wanted.has(id)) {
        release();
        watchers.current.delete(id);
      }
    }
    for (const [id, row] of wanted) {
      if (watchers.current.has(id)) continue;
      const release = queue.watch(id, {
        onEvent: (event) =>
          setStatuses((s) => {
            const status = statusTextFor(event) ?? s[id] ?? 'Running';
            // Most events (every typed token) leave the text as it is: no new state, no re-render of the list.
            return s[id] === status ? s : { ...s, [id]: status };
          }),
        onEnd: (reason) => markEnded(row, reason),
      });
      watchers.current.set(id, release);
    }
  }, [live, queue, markEnded]);

  useEffect(() => {
    const current = watchers.current;
    return () => {
      for (const release of current.values()) release();
      current.clear();
      queue.stopAll();
    };
  }, [queue]);

  const stop = useCallback(
    async (row: ConversationSummary) => {
      const id = row.streamingId;
      if (!id) return;
      setStoppingIds((s) => new Set(s).add(id));
      try {
        await apiCall(routes.runs.stop, { params: { id } });
        markEnded(row, 'closed');
      } catch (error) {
        console.error('Failed to stop conversation', error);
      } finally {
        setStoppingIds((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }
    },
    [markEnded],
  );

  const statusOf = useCallback((streamingId: string) => statuses[streamingId] ?? 'Running', [statuses]);
  const stopping = useCallback((streamingId: string) => stoppingIds.has(streamingId), [stoppingIds]);
  return { statusOf, isLive, stop, stopping };
}
