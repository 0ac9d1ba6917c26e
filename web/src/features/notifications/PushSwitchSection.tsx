import { useId } from 'react';
import { useConfigResource } from '@/features/config';
import { cn } from '@/lib/cn';

/** Notifications › the master switch (`interface.notifications.enabled`): nothing is sent, by any channel, while off. */
export function PushSwitchSection() {
  const { config, loading, update } = useConfigResource();
  const id = useId();
  const enabled = config?.interface.notifications.enabled ?? false;
  return (
    <div className="flex items-start justify-between gap-4 text-sm">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="font-medium">
          Push Notifications
        </label>
        <p id={`${id}-hint`} className="text-neutral-600 dark:text-neutral-400">
          Be told when a task finishes or waits for your permission.
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        className={cn(
          'relative mt-1 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-neutral-300 transition-colors checked:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-neutral-700',
          'before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:transition-transform checked:before:translate-x-4',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500',
        )}
        checked={enabled}
        disabled={loading || !config}
        onChange={(event) => void update({ interface: { notifications: { enabled: event.target.checked } } })}
      />
    </div>
  );
}
