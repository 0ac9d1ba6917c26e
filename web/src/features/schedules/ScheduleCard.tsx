import { useState } from 'react';
import { Link } from 'react-router';
import type { Schedule } from '@cui/contract';
import { PERMISSION_MODE_LABELS } from '@cui/contract/constants';
import { Button } from '@/ui';
import { describeWhen, formatRunTime } from './schedule-form-state';
import { ScheduleHistory } from './ScheduleHistory';

interface Props {
  schedule: Schedule;
  highlighted: boolean;
  onAction(action: 'pause' | 'resume' | 'run' | 'delete'): void;
  onEdit(): void;
}

/** One schedule: what and when, its state (paused and why, next time, last firing), its actions and its history. */
export function ScheduleCard({ schedule, highlighted, onAction, onEdit }: Props) {
  const [open, setOpen] = useState(highlighted);
  const last = schedule.lastFiring;
  const version = last ? `${last.id}:${last.outcome}` : '';
  return (
    <li
      aria-label={schedule.name}
      data-schedule-id={schedule.id}
      className={`flex flex-col gap-2 rounded-xl border p-4 ${highlighted ? 'border-blue-400 dark:border-blue-600' : 'border-neutral-200 dark:border-neutral-800'}`}
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">{schedule.name}</h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {describeWhen(schedule.when)} ({schedule.timezone}) · {PERMISSION_MODE_LABELS[schedule.permissionMode]} · <span className="font-mono text-xs">{schedule.workingDirectory}</span>
          </p>
          {schedule.paused ? (
            <p className="text-sm text-amber-700 dark:text-amber-400" data-testid="schedule-state">
              Paused{schedule.pausedReason ? `: ${schedule.pausedReason}` : ''}
            </p>
          ) : (
            <p className="text-sm" data-testid="schedule-state">
              {schedule.nextRuns[0] ? `Next: ${formatRunTime(schedule.nextRuns[0], schedule.timezone)}` : 'Not armed (all schedules paused)'}
            </p>
          )}
          {last && (
            <p className="text-xs text-neutral-500 dark:text-neutral-400">
              Last: {formatRunTime(last.firedAt)} · {last.outcome}
              {last.reason ? ` (${last.reason})` : ''}
              {last.sessionId && (
                <>
                  {' · '}
                  <Link className="underline" to={`/c/${last.sessionId}`}>
                    conversation
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" onClick={() => onAction('run')}>
            Run now
          </Button>
          <Button size="sm" onClick={() => onAction(schedule.paused ? 'resume' : 'pause')}>
            {schedule.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            History
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              if (window.confirm(`Delete the schedule '${schedule.name}' and its history? Its conversations stay.`)) onAction('delete');
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      {open && <ScheduleHistory scheduleId={schedule.id} version={version} />}
    </li>
  );
}
