import { Link } from 'react-router';
import type { ScheduleFiring } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { useVersionRefetch } from '@/app/use-version-refetch';
import { Spinner } from '@/ui';
import { formatRunTime } from './schedule-form-state';

const OUTCOME_LABELS: Record<ScheduleFiring['outcome'], string> = { running: 'Running', ran: 'Ran', skipped: 'Skipped', failed: 'Failed' };
const TRIGGER_LABELS: Record<ScheduleFiring['trigger'], string> = { schedule: '', manual: 'Run now', missed: 'Missed time' };

/** One firing: when, what came of it and why, its cost, and its conversation. */
function FiringRow({ firing }: { firing: ScheduleFiring }) {
  return (
    <tr className="border-t border-neutral-100 align-top dark:border-neutral-800" data-testid="firing-row">
      <td className="py-1.5 pr-3 whitespace-nowrap">
        <time dateTime={firing.firedAt}>{formatRunTime(firing.firedAt)}</time>
        {TRIGGER_LABELS[firing.trigger] && <span className="block text-xs text-neutral-500">{TRIGGER_LABELS[firing.trigger]}</span>}
      </td>
      <td className="py-1.5 pr-3">
        <span className={firing.outcome === 'failed' ? 'font-medium text-red-600 dark:text-red-400' : 'font-medium'}>{OUTCOME_LABELS[firing.outcome]}</span>
        {firing.reason && <span className="block text-xs text-neutral-500 dark:text-neutral-400">{firing.reason}</span>}
      </td>
      <td className="py-1.5 pr-3 tabular-nums">{firing.costUsd === undefined ? '' : `$${firing.costUsd.toFixed(4)}`}</td>
      <td className="py-1.5">
        {firing.sessionId && (
          <Link className="text-blue-600 underline-offset-2 hover:underline dark:text-blue-400" to={`/c/${firing.sessionId}`}>
            Open conversation
          </Link>
        )}
      </td>
    </tr>
  );
}

/** A schedule's firings, newest first; `version` (the schedule's newest firing and its state) reloads it. */
export function ScheduleHistory({ scheduleId, version }: { scheduleId: string; version: string }) {
  const history = useApiQuery(routes.schedules.history, { params: { id: scheduleId } });
  const { refetch } = history;
  useVersionRefetch(version, refetch);
  if (!history.data) return history.error ? <p role="alert">{history.error.message}</p> : <Spinner size="sm" label="Loading history" />;
  if (history.data.firings.length === 0) return <p className="text-sm text-neutral-500">Not fired yet.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label="History">
      <thead className="text-xs text-neutral-500 dark:text-neutral-400">
        <tr>
          <th className="pr-3 font-medium">Time</th>
          <th className="pr-3 font-medium">Outcome</th>
          <th className="pr-3 font-medium">Cost</th>
          <th className="font-medium">Conversation</th>
        </tr>
      </thead>
      <tbody>
        {history.data.firings.map((firing) => (
          <FiringRow key={firing.id} firing={firing} />
        ))}
      </tbody>
    </table>
  );
}
