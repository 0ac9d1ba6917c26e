import { useEffect, useRef } from 'react';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';

/**
 * How often the home page asks whether the list changed. Polling, not a stream: the page already holds its five
 * streams (4 run streams and the inbox; a browser allows six connections per server, and a reload or a decision needs
 * the last one), while this asks for a ~40-byte token that costs the server no database query, and only while the page
 * is visible. A terminal session that starts or stops shows within this much.
 */
export const LIST_VERSION_POLL_MS = 3000;

export type FetchListVersion = () => Promise<string>;

const fetchListVersion: FetchListVersion = async () => (await apiCall(routes.sessions.version, {})).version;

export interface ListVersionOptions {
  fetchVersion?: FetchListVersion;
  intervalMs?: number;
  /**
   * The list shown is provisional (answered while the server's first index was still being built): every answer
   * calls `onChanged`, moved or not, since the version may have moved before the first poll saw it.
   */
  provisional?: boolean;
}

/**
 * Calls `onChanged` when the server's list version (GET /api/conversations/version) moves: a session a terminal CLI
 * started or stopped, a transcript indexed, a run elsewhere, a rename in another tab. Polls while the page is visible.
 */
export function useListVersion(onChanged: () => void, options: ListVersionOptions = {}): void {
  const { fetchVersion = fetchListVersion, intervalMs = LIST_VERSION_POLL_MS, provisional = false } = options;
  const latest = useRef({ onChanged, provisional });
  useEffect(() => {
    latest.current = { onChanged, provisional };
  });
  useEffect(() => {
    let known: string | undefined;
    let timer: number | undefined;
    let stopped = false;
    let asking = false;
    const poll = async (): Promise<void> => {
      timer = undefined;
      asking = true;
      try {
        const version = await fetchVersion();
        if (((known !== undefined && version !== known) || latest.current.provisional) && !stopped) latest.current.onChanged();
        known = version;
      } catch (error) {
        // A failed poll (the server restarting, the network gone) tells nothing: the next one asks again.
        console.warn('Failed to check the conversation list version', error);
      }
      asking = false;
      if (!stopped && document.visibilityState === 'visible') timer = window.setTimeout(() => void poll(), intervalMs);
    };
    const onVisibility = (): void => {
      // A page shown again reloads its list anyway (use-session-list); polling picks up from here.
      if (document.visibilityState === 'visible' && timer === undefined && !asking) void poll();
    };
    void poll();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [fetchVersion, intervalMs]);
}
