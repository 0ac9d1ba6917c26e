import { useEffect } from 'react';
import type { RouterStatus } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { useVersionRefetch } from '@/app/use-version-refetch';

/** How often the line re-reads the state while the router is (re)starting. */
export const ROUTER_STATUS_POLL_MS = 1000;

function describe(status: RouterStatus): string {
  switch (status.state) {
    case 'off':
      return 'Router off (Claude Pro/Max)';
    case 'starting':
      return 'Router starting...';
    case 'running':
      return `Router running on 127.0.0.1:${status.port ?? '?'}`;
    case 'failed':
      return `Router not running: ${status.error ?? 'unknown error'}`;
  }
}

/** The router child's state from the system status; `version` changes after each config update, which re-reads it. */
export function RouterStatusLine({ version }: { version: unknown }) {
  const { data, refetch } = useApiQuery(routes.system.status);
  const state = data?.router.state;
  useVersionRefetch(version, refetch);
  useEffect(() => {
    if (state !== 'starting') return undefined;
    const timer = setTimeout(refetch, ROUTER_STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, data, refetch]);
  if (!data) return null;
  return (
    <p role="status" className={data.router.state === 'failed' ? 'text-xs text-red-600 dark:text-red-400' : 'text-xs text-neutral-500'}>
      {describe(data.router)}
    </p>
  );
}
