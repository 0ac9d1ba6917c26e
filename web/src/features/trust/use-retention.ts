import { useEffect, useState } from 'react';
import type { TranscriptRetention } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';

/** GET /api/retention: the retention in force, or the error message when it could not be read. */
export function useRetention(): { retention: TranscriptRetention | null; error: string | null } {
  const [state, setState] = useState<{ retention: TranscriptRetention | null; error: string | null }>({ retention: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    apiCall(routes.retention.get, {}, { signal: controller.signal }).then(
      (retention) => setState({ retention, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ retention: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
