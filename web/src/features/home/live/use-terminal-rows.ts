import { useEffect, useMemo, useRef } from 'react';
import type { ConversationSummary } from '@cui/contract';
import { keepFollowing, RECONNECT_DELAY_MS } from '@/features/live-run';

/** Rows followed at once (each is one open connection), like the run streams' queue. */
const MAX_FOLLOWED = 5;

/**
 * Follows the rows a terminal CLI runs ('Active in terminal') and reports the moment one stops (`onStopped`), so the
 * list can show it completed. The first rows of the list are followed; the others catch up with the next reload.
 */
export function useTerminalRows(rows: ConversationSummary[], onStopped: (row: ConversationSummary) => void): void {
  const latest = useRef(onStopped);
  useEffect(() => {
    latest.current = onStopped;
  });
  const followed = useMemo(() => rows.filter((row) => row.liveSource === 'terminal').slice(0, MAX_FOLLOWED), [rows]);
  const key = followed.map((row) => row.sessionId).join(' ');
  useEffect(() => {
    const releases = followed.map((row) =>
      keepFollowing(row.sessionId, (event) => {
        const stopped = (event.type === 'activity' || event.type === 'connected') && !event.activeInTerminal;
        if (stopped) latest.current(row);
      }, RECONNECT_DELAY_MS),
    );
    return () => {
      for (const release of releases) release();
    };
    // Keyed by the followed sessions: a reload that returns the same rows keeps their connections.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
