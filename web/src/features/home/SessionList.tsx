import { useCallback } from 'react';
import type { ConversationSummary } from '@cui/contract';
import { Spinner } from '@/ui';
import type { StreamEnd } from './live/stream-queue';
import { useLiveSessions } from './live/use-live-sessions';
import { useListVersion } from './live/use-list-version';
import type { SessionTab } from './session-list-state';
import { continuationOf } from './session-display';
import { SessionRow } from './SessionRow';
import { useInfiniteScroll } from './use-infinite-scroll';
import { useNow } from './use-now';
import { useSessionActions } from './use-session-actions';
import { useSessionList } from './use-session-list';

/** Spec §2 empty messages per tab. */
export const EMPTY_TEXT: Record<SessionTab, string> = {
  tasks: 'No active tasks.',
  history: 'No history tasks.',
  archive: 'No archived tasks.',
};

const NOTE = 'flex items-center justify-center gap-2 py-6 text-sm text-neutral-500 dark:text-neutral-400';

/** What the History tab lists (issue 29.8): its rows carry the titles and counts of the parts they were. */
export const HISTORY_EXPLAINED =
  'Earlier parts of your conversations: each was resumed in a newer conversation, which carries it on. Open one to read it as it was then, or follow the link to where it continues.';

/** The rows of one tab, with infinite scroll, live statuses for ongoing runs and row actions. */
export function SessionList({ tab }: { tab: SessionTab }) {
  const list = useSessionList(tab);
  const actions = useSessionActions(list.dispatch);
  const { dispatch, reload } = list;
  const onRunEnded = useCallback(
    (row: ConversationSummary, reason: StreamEnd) => {
      // A closed run is over; a stream that gave up retrying says nothing about the run, so only the reload decides.
      if (reason === 'closed') dispatch({ type: 'patch', sessionId: row.sessionId, changes: { status: 'completed', streamingId: undefined } });
      reload();
    },
    [dispatch, reload],
  );
  const live = useLiveSessions(list.rows, onRunEnded);
  const { state, rows } = list;
  // Sessions that terminal CLIs start or stop, and other changes made elsewhere, come in with the next reload; a list
  // answered during the server's first index is reloaded until it is final.
  useListVersion(reload, { provisional: state.provisional });
  const markerRef = useInfiniteScroll(list.loadMore, state.hasMore && state.loading === null && state.error === null, state.fetched);
  const now = useNow(30_000);

  if (rows.length === 0 && state.loading === 'replace') {
    return (
      <p className={NOTE}>
        <Spinner size="sm" label="Loading" /> Loading tasks...
      </p>
    );
  }
  if (rows.length === 0) return <p className={NOTE}>{state.error ?? EMPTY_TEXT[tab]}</p>;

  return (
    <div>
      {tab === 'history' && <p className="px-3 pb-2 text-xs text-neutral-500 dark:text-neutral-400">{HISTORY_EXPLAINED}</p>}
      <ul aria-label="Sessions" className="flex flex-col gap-0.5">
        {rows.map((row) => (
          <SessionRow
            key={row.sessionId}
            row={row}
            now={now}
            live={
              live.isLive(row) && row.streamingId
                ? { status: live.statusOf(row.streamingId), stopping: live.stopping(row.streamingId), onStop: () => void live.stop(row) }
                : null
            }
            continuedIn={tab === 'history' ? continuationOf(row, rows) : undefined}
            notify={row.sessionInfo.notify}
            onArchive={() => void actions.setArchived(row, !row.sessionInfo.archived)}
            onRename={(name) => void actions.rename(row, name)}
            onPin={() => void actions.setPinned(row, !row.sessionInfo.pinned)}
            onNotify={() => void actions.setNotify(row, !row.sessionInfo.notify)}
          />
        ))}
      </ul>
      <div ref={markerRef} data-testid="list-end" className="h-px" />
      {state.loading === 'append' && (
        <p className={NOTE}>
          <Spinner size="sm" label="Loading" /> Loading more tasks...
        </p>
      )}
      {state.error && <p className={`${NOTE} text-red-600 dark:text-red-400`}>{state.error}</p>}
      {!state.hasMore && state.loading === null && !state.error && <p className={NOTE}>No more tasks to load</p>}
    </div>
  );
}
