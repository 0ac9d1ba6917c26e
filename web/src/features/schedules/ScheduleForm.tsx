import { useCallback, useMemo, useState } from 'react';
import type { ScheduleInput } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { Button, Input, Textarea } from '@/ui';
import { Field } from './fields';
import { RunFields } from './RunFields';
import { inputOf, whenOf, type ScheduleFormValues } from './schedule-form-state';
import { useNextRuns } from './use-next-runs';
import { WhenFields } from './WhenFields';

interface Props {
  initial: ScheduleFormValues;
  /** 'Create schedule' or 'Save changes'. */
  submitLabel: string;
  saving: boolean;
  error: Error | undefined;
  onSave(input: ScheduleInput): void;
  onCancel(): void;
}

/** Creating or editing a schedule: what runs, where, how, and when (with its next three times before saving). */
export function ScheduleForm({ initial, submitLabel, saving, error, onSave, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const set = useCallback(<K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => setValues((v) => ({ ...v, [field]: value })), []);
  const when = useMemo(() => whenOf(values), [values]);
  const next = useNextRuns(when, values.timezone);
  const folders = useApiQuery(routes.sessions.workingDirectories).data?.directories.map((d) => d.path) ?? [];
  const checked = inputOf(values);
  return (
    <form
      aria-label={submitLabel}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        if ('input' in checked) onSave(checked.input);
      }}
    >
      <Field label="Name">
        <Input value={values.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field label="Prompt">
        <Textarea value={values.prompt} onChange={(e) => set('prompt', e.target.value)} />
      </Field>
      <RunFields values={values} set={set} folders={folders} />
      <WhenFields values={values} set={set} next={next} />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message || 'Failed to save the schedule'}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        {'problem' in checked && <span className="mr-auto text-xs text-neutral-500 dark:text-neutral-400">{checked.problem}</span>}
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving || 'problem' in checked || Boolean(next.error)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
