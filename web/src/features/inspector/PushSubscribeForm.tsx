import { useState } from 'react';
import { disableWebPush, enableErrorMessage, enableWebPush } from '@/app/web-push';
import { Button } from '@/ui';
import { ErrorField } from './ErrorField';
import { JsonViewer } from './JsonViewer';

/** Spec §8, the raw JSON page's web push messages. */
export const RAW_PUSH_MESSAGES = {
  denied: 'Notification permission denied',
  vapid: 'Server missing VAPID public key',
  none: 'No active subscription',
} as const;

type PushCall = { status: 'idle' | 'pending' } | { status: 'done'; value: unknown } | { status: 'failed'; error: string };

/**
 * The raw page's Notifications › this browser (spec §2, §8): subscribes it to web push the way the Settings do
 * (permission, the server's key, the service worker, the subscription, then register) and unsubscribes it, showing
 * what was sent as JSON or the spec's short message.
 */
export function PushSubscribeForm() {
  const [call, setCall] = useState<PushCall>({ status: 'idle' });
  const run = async (action: () => Promise<unknown>) => {
    setCall({ status: 'pending' });
    try {
      setCall({ status: 'done', value: await action() });
    } catch (error) {
      // Not swallowed: the failure is the section's error field.
      setCall({ status: 'failed', error: enableErrorMessage(error) });
    }
  };
  const subscribe = () => run(async () => ({ registered: await enableWebPush(RAW_PUSH_MESSAGES) }));
  const unsubscribe = () => run(async () => ({ unregistered: await disableWebPush(RAW_PUSH_MESSAGES.none) }));
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">This browser's web push subscription (asks for notification permission).</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={call.status === 'pending'} onClick={() => void subscribe()}>
          Subscribe this browser
        </Button>
        <Button disabled={call.status === 'pending'} onClick={() => void unsubscribe()}>
          Unsubscribe this browser
        </Button>
      </div>
      <ErrorField message={call.status === 'failed' ? call.error : undefined} />
      {call.status === 'done' ? <JsonViewer value={call.value} label="Push subscription result" /> : null}
    </div>
  );
}
