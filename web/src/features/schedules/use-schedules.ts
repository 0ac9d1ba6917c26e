import { useCallback } from 'react';
import type { Schedule, ScheduleInput } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import { useApiQuery } from '@/app/use-api-query';

/** The schedules list and every change to it; each change reloads the list (its next times and last firings move). */
export function useSchedules() {
  const list = useApiQuery(routes.schedules.list);
  const create = useApiMutation(routes.schedules.create);
  const update = useApiMutation(routes.schedules.update);
  const pause = useApiMutation(routes.schedules.pause);
  const resume = useApiMutation(routes.schedules.resume);
  const runNow = useApiMutation(routes.schedules.runNow);
  const remove = useApiMutation(routes.schedules.remove);
  const pauseAll = useApiMutation(routes.schedules.globalPause);
  const { refetch } = list;

  const save = useCallback(
    async (input: ScheduleInput, id?: string): Promise<Schedule | undefined> => {
      const saved = id ? await update.mutate({ params: { id }, body: input }) : await create.mutate({ body: input });
      if (saved) refetch();
      return saved;
    },
    [create, update, refetch],
  );
  const act = useCallback(
    async (action: 'pause' | 'resume' | 'run' | 'delete', id: string): Promise<boolean> => {
      const mutation = { pause, resume, run: runNow, delete: remove }[action];
      const answer = await mutation.mutate({ params: { id } });
      refetch();
      return answer !== undefined;
    },
    [pause, resume, runNow, remove, refetch],
  );
  const setPaused = useCallback(
    async (paused: boolean) => {
      const answer = await pauseAll.mutate({ body: { paused } });
      if (answer) list.setData(() => answer);
    },
    [pauseAll, list],
  );
  const error = [create, update, pause, resume, runNow, remove, pauseAll].find((m) => m.error)?.error;
  return { list, save, saveError: create.error ?? update.error, saving: create.pending || update.pending, act, setPaused, error };
}
