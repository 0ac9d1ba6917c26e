import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import { useApiQuery } from '@/app/use-api-query';
import { Button, Spinner } from '@/ui';
import { ErrorText } from './ErrorText';

/** The live run's background tasks (shell commands, subagents), each with a Stop. */
export function BackgroundTasks({ sessionId }: { sessionId: string }) {
  const query = useApiQuery(routes.mcp.tasks, { params: { sessionId } });
  const stop = useApiMutation(routes.mcp.stopTask);
  if (query.error) return <ErrorText error={query.error} />;
  if (!query.data) return <Spinner label="Loading the tasks" />;
  const { tasks } = query.data;
  return (
    <section aria-label="Background tasks" className="flex flex-col gap-2 text-sm">
      {tasks.length === 0 && <p className="text-neutral-500">No background tasks.</p>}
      <ul className="flex flex-col gap-2">
        {tasks.map((task) => (
          <li key={task.taskId} className="flex items-center justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className="mr-2 text-xs text-neutral-500">{task.type}</span>
              {task.description}
            </span>
            <Button size="sm" variant="danger" disabled={stop.pending} onClick={() => void stop.mutate({ params: { sessionId, taskId: task.taskId } }).then(query.refetch)}>
              Stop
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" className="self-start" onClick={query.refetch}>
        Refresh
      </Button>
      {stop.error && <ErrorText error={stop.error} />}
    </section>
  );
}
