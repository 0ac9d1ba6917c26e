import { useEffect, useState } from 'react';
import { routes, type SystemStatus } from '@cui/contract';
import { apiCall } from './api-client';

/** GET /api/system/status once on mount; undefined until it answers (failures are only logged). */
export function useSystemStatus(): SystemStatus | undefined {
  const [status, setStatus] = useState<SystemStatus>();
  useEffect(() => {
    const controller = new AbortController();
    apiCall(routes.system.status, {}, { signal: controller.signal }).then(setStatus, (error: unknown) => {
      if (!controller.signal.aborted) console.warn('Failed to load system status', error);
    });
    return () => controller.abort();
  }, []);
  return status;
}
