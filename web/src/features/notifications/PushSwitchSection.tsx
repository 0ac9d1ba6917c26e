import { useId } from 'react';
import { useConfigResource } from '@/features/settings';

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
        className="mt-1 h-5 w-9 cursor-pointer accent-blue-600 disabled:cursor-not-allowed"
        checked={enabled}
        disabled={loading || !config}
        onChange={(event) => void update({ interface: { notifications: { enabled: event.target.checked } } })}
      />
    </div>
  );
}
