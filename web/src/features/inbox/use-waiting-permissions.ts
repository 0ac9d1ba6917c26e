import { useEffect, useState } from 'react';
import type { WaitingPermission } from '@cui/contract';
import { authHeaders } from '@/app/api-client';
import { windowTimers } from '@/app/stream';
import { createWaitingSource } from './waiting-source';

/**
 * The permission requests waiting across all runs, live (undefined until the server first answers). The stream is
 * held only while the page is visible: a hidden tab gives its connection back (browsers allow six per server, shared
 * by every tab) and gets the list afresh when it is shown again.
 */
export function useWaitingPermissions(): WaitingPermission[] | undefined {
  const [waiting, setWaiting] = useState<WaitingPermission[]>();
  useEffect(() => {
    const source = createWaitingSource({
      fetchFn: (...args) => fetch(...args),
      headers: authHeaders,
      onList: setWaiting,
      setTimer: windowTimers.set,
      clearTimer: windowTimers.clear,
    });
    const follow = (): void => (document.visibilityState === 'hidden' ? source.stop() : source.start());
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      source.stop();
    };
  }, []);
  return waiting;
}
