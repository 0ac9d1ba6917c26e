import { useCallback, useEffect, useReducer } from 'react';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { currentSubscription, disableWebPush, enableErrorMessage, enableWebPush } from './web-push-client';

/** Spec §9: the test notification's success message shows for 3000 ms. */
export const TEST_MESSAGE_MS = 3000;
export const TEST_SENT = 'Test notification sent';
export const TEST_FAILED = 'Failed to send test notification';

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

  const run = useCallback(async (action: () => Promise<void>, subscribed: boolean) => {
    dispatch({ type: 'start' });
    try {
      await action();
      dispatch({ type: 'done', subscribed });
    } catch (error) {
      console.error('Web push', error);
      dispatch({ type: 'failed', error: enableErrorMessage(error) });
    }
  }, []);

  const enable = useCallback(() => run(enableWebPush, true), [run]);
  const disable = useCallback(() => run(disableWebPush, false), [run]);
  const sendTest = useCallback(async () => {
    const ok = await apiCall(routes.notifications.test, { body: {} }).then((answer) => answer.success, () => false);
    dispatch({ type: 'test', message: ok ? TEST_SENT : TEST_FAILED });
  }, []);

  return { ...state, enable, disable, sendTest };
}
