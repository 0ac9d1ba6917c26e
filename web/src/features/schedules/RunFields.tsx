import { PERMISSION_MODE_LABELS, PERMISSION_MODES } from '@cui/contract/constants';
import type { PermissionMode } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { modelOptions } from '@/features/composer';
import { Input } from '@/ui';
import { Field, Select } from './fields';
import type { ScheduleFormValues } from './schedule-form-state';

interface Props {
  values: ScheduleFormValues;
  set: <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => void;
  folders: string[];
}

/** How each firing runs: folder, permission mode (Yolo only after its warning), model, worktree, missed times, limit. */
export function RunFields({ values, set, folders }: Props) {
  // The CLI's own list, as the composer's model menu; a stored model it no longer lists stays selectable.
  const options = modelOptions(useApiQuery(routes.system.models).data);
  const listed = options.some((option) => (option.id ?? '') === values.model);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Folder" hint="A trusted folder: runs nobody watches load its settings.">
        <Input list="schedule-folders" value={values.workingDirectory} onChange={(e) => set('workingDirectory', e.target.value)} placeholder="/path/to/project" />
      </Field>
      <datalist id="schedule-folders">
        {folders.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      <Field label="Permission mode" hint="Ask: each permission waits in the inbox and on your phone.">
        <Select value={values.permissionMode} onChange={(e) => set('permissionMode', e.target.value as PermissionMode)}>
          {PERMISSION_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {PERMISSION_MODE_LABELS[mode]}
            </option>
          ))}
        </Select>
      </Field>
      {values.permissionMode === 'bypassPermissions' && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-medium">Yolo runs every tool without asking, while nobody is watching.</p>
          <p>Files can be deleted and commands run in this folder and beyond it, at every firing.</p>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" checked={values.yoloAcknowledged} onChange={(e) => set('yoloAcknowledged', e.target.checked)} />I understand: run this schedule in Yolo
          </label>
        </div>
      )}
      <Field label="Model">
        <Select value={values.model} onChange={(e) => set('model', e.target.value)}>
          {options.map((option) => (
            <option key={option.id ?? ''} value={option.id ?? ''}>
              {option.label}
            </option>
          ))}
          {!listed && <option value={values.model}>{values.model}</option>}
        </Select>
      </Field>
      <Field label="Missed while the server was down">
        <Select value={values.missedRunPolicy} onChange={(e) => set('missedRunPolicy', e.target.value as ScheduleFormValues['missedRunPolicy'])}>
          <option value="skip">Skip them</option>
          <option value="run-once">Run once</option>
        </Select>
      </Field>
      <Field label="Stop after (runs)" hint="Empty: no limit.">
        <Input type="number" min={1} value={values.maxRuns} onChange={(e) => set('maxRuns', e.target.value)} />
      </Field>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={values.worktree} onChange={(e) => set('worktree', e.target.checked)} />
        Worktree: each run in a git worktree of its own
      </label>
    </div>
  );
}
