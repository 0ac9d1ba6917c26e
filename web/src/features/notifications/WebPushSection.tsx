import { useEffect, useRef } from 'react';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { useConfigResource } from '@/features/config';
import { Button } from '@/ui';
import { useWebPush } from './use-web-push';

export const VAPID_NOTE = 'Server VAPID keys not configured. Web Push will be auto-configured on first enable.';

/**
 * The server's web push status, asked again when notifications are turned on or this browser subscribes (the server
 * makes its key on the first ask with notifications on), so the VAPID note shows only while it has none.
 */
function usePushStatus(on: boolean, subscribed: boolean) {
  const status = useApiQuery(routes.notifications.status);
  const { refetch } = status;
  const asked = useRef({ on, subscribed });
  useEffect(() => {
    if (asked.current.on === on && asked.current.subscribed === subscribed) return;
    asked.current = { on, subscribed };
    refetch();
  }, [on, subscribed, refetch]);
  return status.data;
}

/**
 * Notifications › Web Push (spec §2/§4/§8): Enable/Disable (disabled while processing or when notifications are off),
 * Send Test Notification (whenever notifications are on: it tests every channel that is on, ntfy too, and says which
 * were sent; its message disappears after 3 s), status lines, and the 'Failed to enable Web Push' box.
 */
export function WebPushSection() {
  const { config } = useConfigResource();
  const push = useWebPush();
  const on = config?.interface.notifications.enabled ?? false;
  const status = usePushStatus(on, push.subscribed);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h3 className="font-semibold">Web Push</h3>
      <p role="status" className="text-neutral-600 dark:text-neutral-400">
        Status: {push.subscribed ? 'Subscribed on this device' : 'Not subscribed on this device'}
      </p>
      <div className="flex flex-wrap gap-2">
        {push.subscribed ? (
          <Button disabled={push.processing || !on} onClick={() => void push.disable()}>
            Disable
          </Button>
        ) : (
          <Button variant="primary" disabled={push.processing || !on} onClick={() => void push.enable()}>
            Enable
          </Button>
        )}
        <Button disabled={!on} onClick={() => void push.sendTest()}>
          Send Test Notification
        </Button>
      </div>
      {push.testMessage && (
        <p role="status" className="text-neutral-700 dark:text-neutral-300">
          {push.testMessage}
        </p>
      )}
      {push.error && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950/50 dark:text-red-300">
          <p className="font-medium">Failed to enable Web Push</p>
          <p>{push.error}</p>
        </div>
      )}
      {status && !status.hasPublicKey && <p className="text-xs text-neutral-500 dark:text-neutral-400">{VAPID_NOTE}</p>}
    </div>
  );
}
