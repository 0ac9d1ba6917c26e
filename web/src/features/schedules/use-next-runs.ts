import { useEffect, useState } from 'react';
import type { ScheduleWhen } from '@cui/contract';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';

export interface NextRuns {
  /** The next three times, once the server computed them for the current fields. */
  times: string[] | undefined;
  /** Why they cannot be computed (a bad cron expression or time zone). */
  error: string | undefined;
}

/** The next three times of the fields' `when` in `timezone`, asked again (the older ask aborted) as they change. */
export function useNextRuns(when: ScheduleWhen, timezone: string): NextRuns {
  const key = JSON.stringify({ when, timezone });
  const [state, setState] = useState<NextRuns & { key: string }>({ key: '', times: undefined, error: undefined });
  useEffect(() => {
    const controller = new AbortController();
    const request = JSON.parse(key) as { when: ScheduleWhen; timezone: string };
    apiCall(routes.schedules.preview, { body: { ...request, count: 3 } }, { signal: controller.signal }).then(
      (answer) => setState({ key, times: answer.nextRuns, error: undefined }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, times: undefined, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state.key === key ? state : { times: undefined, error: undefined };
}
