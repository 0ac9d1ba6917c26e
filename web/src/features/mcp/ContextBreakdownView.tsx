import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { Spinner } from '@/ui';
import { ErrorText } from './ErrorText';

/** Exact counts here (the header's figure rounds); importing its formatter would split that module out of the first load. */
const formatTokens = (n: number): string => n.toLocaleString('en-US');

/** The live run's context window by category (system, tools, MCP tools, messages, memory files), from the SDK. */
export function ContextBreakdownView({ sessionId }: { sessionId: string }) {
  const query = useApiQuery(routes.mcp.context, { params: { sessionId } });
  if (query.error) return <ErrorText error={query.error} />;
  const usage = query.data;
  if (!usage) return <Spinner label="Loading the context" />;
  const rows = usage.categories;
  return (
    <section aria-label="Context breakdown" className="flex flex-col gap-2 text-sm">
      <p>
        {usage.model}: {formatTokens(usage.totalTokens)} of {formatTokens(usage.maxTokens)} tokens ({Math.round(usage.percentage)}%)
      </p>
      <dl className="flex flex-col gap-1">
        {rows.map((row) => (
          <div key={row.id ?? row.name} className="flex justify-between gap-6">
            <dt className="text-neutral-600 dark:text-neutral-400">
              {row.name}
              {row.kind === 'deferred' && ' (loaded when used)'}
            </dt>
            <dd className="tabular-nums">{formatTokens(row.tokens)}</dd>
          </div>
        ))}
      </dl>
      {usage.mcpTools.length > 0 && (
        <ul aria-label="MCP tools" className="text-xs text-neutral-500">
          {usage.mcpTools.map((tool) => (
            <li key={tool.name} className="break-all">
              {tool.name} ({tool.serverName}): {formatTokens(tool.tokens)}
            </li>
          ))}
        </ul>
      )}
      {usage.memoryFiles.length > 0 && (
        <ul aria-label="Memory files" className="text-xs text-neutral-500">
          {usage.memoryFiles.map((file) => (
            <li key={file.path} className="break-all">
              {file.path}: {formatTokens(file.tokens)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
