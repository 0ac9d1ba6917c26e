import { Markdown } from '../code/Markdown';
import { useConversationView } from '../conversation-context';
import { ToolSummary } from './ToolSummary';
import { inputString, plural, type ToolPanelProps } from './types';

/** Task / Agent: the subagent's messages (matched by parent tool id) in an expandable panel, then 'Task completed'. */
export function TaskPanel({ toolUseId, input, result }: ToolPanelProps) {
  const view = useConversationView();
  const children = view.childrenOf(toolUseId);
  const running = result.status === 'pending' && view.live;
  const label = inputString(input, 'description') ?? 'Subagent';
  return (
    <div className="flex flex-col gap-2">
      <ToolSummary label={`${label} · ${plural(children.length, 'message')}`} defaultOpen={running}>
        <div className="flex flex-col gap-3 border-l-2 border-neutral-200 pl-3 dark:border-neutral-800" data-testid="task-children">
          {children.length === 0 ? <p className="text-sm text-neutral-500">No messages yet</p> : children.map((child) => <div key={child.id}>{view.renderMessage(child)}</div>)}
        </div>
      </ToolSummary>
      {result.status === 'completed' && !result.is_error && (
        <>
          <p className="text-sm text-emerald-700 dark:text-emerald-400">Task completed</p>
          {result.result.trim() !== '' && (
            <ToolSummary label="Result">
              <Markdown text={result.result} />
            </ToolSummary>
          )}
        </>
      )}
    </div>
  );
}
