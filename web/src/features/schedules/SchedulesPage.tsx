import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Schedule } from '@cui/contract';
import { AppLayout } from '@/app/AppLayout';
import { Button, Spinner } from '@/ui';
import { emptyForm, formOf, type ScheduleDraft, type ScheduleFormValues } from './schedule-form-state';
import { ScheduleCard } from './ScheduleCard';
import { ScheduleForm } from './ScheduleForm';
import { usePolling } from './use-polling';
import { useSchedules } from './use-schedules';

/** How often the open page reloads the list while visible. */
const REFRESH_MS = 3000;

/** What the home composer's 'Schedule…' passes in the navigation state. */
export interface ScheduleNavigationState {
  scheduleDraft?: ScheduleDraft;
}

type Editing = { id?: string; values: ScheduleFormValues } | null;

/** The Schedules page: the global pause, a new or edited schedule's form, and every schedule with its history. */
export function SchedulesPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const draft = (location.state as ScheduleNavigationState | null)?.scheduleDraft;
  const [editing, setEditing] = useState<Editing>(draft ? { values: emptyForm(draft) } : null);
  const schedules = useSchedules();
  usePolling(schedules.list.refetch, REFRESH_MS);
  const data = schedules.list.data;
  const save = async (input: Parameters<typeof schedules.save>[0]) => {
    if (await schedules.save(input, editing?.id)) setEditing(null);
  };
  const edit = (schedule: Schedule) => setEditing({ id: schedule.id, values: formOf(schedule) });

  return (
    <AppLayout>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 pt-6 pb-16 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="mr-auto text-xl font-semibold">Schedules</h1>
          {data && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={data.paused} onChange={(e) => void schedules.setPaused(e.target.checked)} />
              Pause all
            </label>
          )}
          {!editing && (
            <Button variant="primary" onClick={() => setEditing({ values: emptyForm() })}>
              New schedule
            </Button>
          )}
        </div>
        {data?.paused && <p className="text-sm text-amber-700 dark:text-amber-400">All schedules are paused: none fires until you turn this off ('Run now' still works).</p>}
        {editing && (
          <ScheduleForm
            key={editing.id ?? 'new'}
            initial={editing.values}
            submitLabel={editing.id ? 'Save changes' : 'Create schedule'}
            saving={schedules.saving}
            error={schedules.saveError}
            onSave={(input) => void save(input)}
            onCancel={() => setEditing(null)}
          />
        )}
        {schedules.error && !schedules.saveError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {schedules.error.message}
          </p>
        )}
        {!data ? (
          schedules.list.error ? <p role="alert">{schedules.list.error.message}</p> : <Spinner label="Loading schedules" />
        ) : data.schedules.length === 0 ? (
          !editing && <p className="text-sm text-neutral-500">No schedules yet. Write a task on the home page and press 'Schedule…', or create one here.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.schedules.map((schedule) => (
              <ScheduleCard
                key={schedule.id}
                schedule={schedule}
                highlighted={params.get('id') === schedule.id}
                onEdit={() => edit(schedule)}
                onAction={(action) => void schedules.act(action, schedule.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </AppLayout>
  );
}
