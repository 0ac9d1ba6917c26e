import { useCallback, useEffect, useReducer } from 'react';
import type { TestNotificationResponse } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { currentSubscription, disableWebPush, enableErrorMessage, enableWebPush, WEB_PUSH_ERRORS, WebPushSetupError } from '@/app/web-push';

/** Spec §9: the test notification's success message shows for 3000 ms. */
export const TEST_MESSAGE_MS = 3000;
export const TEST_SENT = 'Test notification sent';
export const TEST_FAILED = 'Failed to send test notification';
/** How long enabling may wait for the browser (permission prompt aside, mostly its push service) before giving up. */
export const ENABLE_TIMEOUT_MS = 20_000;

const CHANNEL_LABELS: Readonly<Record<string, string>> = { ntfy: 'ntfy', webpush: 'Web Push' };
const label = (channel: string) => CHANNEL_LABELS[channel] ?? channel;
const joinAnd = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** 'Test notification sent via ntfy and Web Push', with the channels that failed and why; TEST_FAILED when none was sent. */
export function testResultMessage(answer: TestNotificationResponse | undefined): string {
  const sent = answer?.channels.filter((result) => result.sent).map((result) => label(result.channel)) ?? [];
  const failed = answer?.channels.filter((result) => !result.sent).map((result) => `${label(result.channel)}${result.error ? ` (${result.error})` : ''}`) ?? [];
  const head = sent.length > 0 ? `${TEST_SENT} via ${joinAnd(sent)}` : TEST_FAILED;
  return failed.length > 0 ? `${head}; not sent via ${joinAnd(failed)}` : head;
}

/** `work`, or WEB_PUSH_ERRORS.timeout once `ms` passed without it settling. */
function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WebPushSetupError(WEB_PUSH_ERRORS.timeout)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface State {
  subscribed: boolean;
  processing: boolean;
  /** Why enabling failed (shown under 'Failed to enable Web Push'). */
  error: string | null;
  testMessage: string | null;
}
type Action =
  | { type: 'start' }
  | { type: 'done'; subscribed: boolean }
  | { type: 'failed'; error: string }
  | { type: 'test'; message: string | null };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'start':
      return { ...state, processing: true, error: null };
    case 'done':
      return { ...state, processing: false, subscribed: action.subscribed };
    case 'failed':
      return { ...state, processing: false, error: action.error };
    case 'test':
      return { ...state, testMessage: action.message };
  }
}

/** The Web Push section's state: subscribed or not (read from the browser on mount), enable/disable, send test. */
export function useWebPush() {
  const [state, dispatch] = useReducer(reducer, { subscribed: false, processing: false, error: null, testMessage: null });

  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (subscription) => live && dispatch({ type: 'done', subscribed: subscription !== null }),
      (error: unknown) => console.warn('Could not read the push subscription', error),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!state.testMessage) return;
    const timer = setTimeout(() => dispatch({ type: 'test', message: null }), TEST_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [state.testMessage]);

  const run = useCallback(async (action: () => Promise<unknown>, subscribed: boolean) => {
    dispatch({ type: 'start' });
    try {
      await action();
      dispatch({ type: 'done', subscribed });
    } catch (error) {
      console.error('Web push', error);
      dispatch({ type: 'failed', error: enableErrorMessage(error) });
    }
  }, []);

  const enable = useCallback(() => run(() => withTimeout(enableWebPush(), ENABLE_TIMEOUT_MS), true), [run]);
  const disable = useCallback(() => run(() => disableWebPush(), false), [run]);
  const sendTest = useCallback(async () => {
    const answer = await apiCall(routes.notifications.test, { body: {} }).catch((error: unknown) => {
      // Shown as TEST_FAILED; the cause goes to the console.
      console.error('Test notification', error);
      return undefined;
    });
    dispatch({ type: 'test', message: testResultMessage(answer) });
  }, []);

  return { ...state, enable, disable, sendTest };
}
