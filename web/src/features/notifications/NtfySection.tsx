import { DEFAULT_NTFY_URL, isPublicNtfy, ntfyTopic } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { useConfigResource } from '@/features/config';
import { Input } from '@/ui';
import { UrlSetting } from './UrlSetting';

export const PUBLIC_NTFY_WARNING =
  'This topic is on the public ntfy.sh server: anyone who learns the topic name can read these notifications. Use your own ntfy server to keep them private.';

/**
 * Notifications › ntfy (spec §2): the read-only topic 'cui-' + machine id ('Loading...' until the status arrives),
 * the optional Ntfy Server URL, and beyond spec the console's public URL that notifications link to.
 */
export function NtfySection() {
  const { config, update } = useConfigResource();
  const { data: status } = useApiQuery(routes.system.status);
  const settings = config?.interface.notifications;
  const topic = status ? ntfyTopic(status.machineId) : 'Loading...';
  const save = (field: 'ntfyUrl' | 'publicUrl') => (value: string) => update({ interface: { notifications: { [field]: value } } });
  return (
    <div className="flex flex-col gap-4 text-sm">
      <h3 className="font-semibold">ntfy</h3>
      <div className="flex flex-col gap-1.5">
        <label className="flex flex-col gap-1.5">
          <span className="font-medium">Topic</span>
          <Input readOnly value={topic} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
        </label>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">Subscribe to this topic in the ntfy app to get notifications on your phone.</p>
      </div>
      {settings && (
        <>
          <UrlSetting label="Ntfy Server URL" value={settings.ntfyUrl} placeholder={DEFAULT_NTFY_URL} onSave={save('ntfyUrl')} />
          {isPublicNtfy(settings.ntfyUrl) && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              {PUBLIC_NTFY_WARNING}
            </p>
          )}
          <UrlSetting
            label="Public URL"
            value={settings.publicUrl}
            placeholder="https://cui.example.com"
            hint="Where your phone reaches this console (a tunnel or reverse proxy). Only with it do ntfy notifications open the conversation and offer Approve and Deny; anyone who can read the topic can press them."
            onSave={save('publicUrl')}
          />
        </>
      )}
    </div>
  );
}
