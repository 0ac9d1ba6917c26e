import { Input } from '@/ui';
import { Field, Select } from './fields';
import { WEEKDAYS, formatRunTime, type ScheduleFormValues } from './schedule-form-state';
import type { NextRuns } from './use-next-runs';

interface Props {
  values: ScheduleFormValues;
  set: <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => void;
  next: NextRuns;
}

/** When it fires: a preset (hourly, daily, weekdays, weekly) or a cron expression, the zone, and the next three times. */
export function WhenFields({ values, set, next }: Props) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
      <legend className="px-1 text-sm font-medium">When</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Repeat">
          <Select value={values.kind} onChange={(e) => set('kind', e.target.value as ScheduleFormValues['kind'])}>
            <option value="hourly">Hourly</option>
            <option value="daily">Daily</option>
            <option value="weekdays">Weekdays</option>
            <option value="weekly">Weekly</option>
            <option value="cron">Cron expression</option>
          </Select>
        </Field>
        {values.kind === 'weekly' && (
          <Field label="Day">
            <Select value={values.day} onChange={(e) => set('day', e.target.value)}>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={String(index)}>
                  {day}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {values.kind === 'hourly' && (
          <Field label="Minute past the hour">
            <Input type="number" min={0} max={59} value={values.minute} onChange={(e) => set('minute', e.target.value)} />
          </Field>
        )}
        {(values.kind === 'daily' || values.kind === 'weekdays' || values.kind === 'weekly') && (
          <Field label="At">
            <Input type="time" value={values.time} onChange={(e) => set('time', e.target.value)} required />
          </Field>
        )}
        {values.kind === 'cron' && (
          <Field label="Cron expression" hint="minute hour day-of-month month day-of-week">
            <Input className="font-mono" value={values.expression} onChange={(e) => set('expression', e.target.value)} />
          </Field>
        )}
        <Field label="Time zone">
          <Input value={values.timezone} onChange={(e) => set('timezone', e.target.value)} />
        </Field>
      </div>
      <div aria-live="polite" className="text-sm" data-testid="next-runs">
        {next.error ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {next.error}
          </p>
        ) : (
          <>
            <p className="text-xs font-medium text-neutral-500 dark:text-neutral-400">Next times</p>
            <ol className="list-inside list-decimal">
              {(next.times ?? []).map((time) => (
                <li key={time}>
                  <time dateTime={time}>{formatRunTime(time, values.timezone)}</time>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </fieldset>
  );
}
