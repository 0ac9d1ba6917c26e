import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import type { ScheduleLink } from '@cui/contract';

/** A session a schedule started: 'Scheduled · <name>', linking to that schedule (list rows, conversation header). */
export function ScheduledBadge({ schedule }: { schedule: ScheduleLink | undefined }) {
  if (!schedule) return null;
  return (
    <Link
      to={`/schedules?id=${encodeURIComponent(schedule.id)}`}
      title={`Started by the schedule '${schedule.name}'`}
      data-testid="scheduled-badge"
      className="relative z-10 inline-flex max-w-48 shrink-0 items-center gap-1 rounded-full border border-blue-200 bg-blue-50 px-2 py-0.5 text-xs text-blue-800 hover:bg-blue-100 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200"
    >
      <CalendarClock size={12} aria-hidden className="shrink-0" />
      <span className="truncate">Scheduled · {schedule.name}</span>
    </Link>
  );
}
