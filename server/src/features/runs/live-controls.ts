import type { Query } from '@anthropic-ai/claude-agent-sdk';
import type { BackgroundTask } from '@cui/contract';
import type { RunEvent } from '../../cli/sdk-events';

/** The Agent SDK's controls on a live CLI that other features use (MCP servers, the context breakdown, task stops). */
export type LiveControls = Pick<Query, 'mcpServerStatus' | 'toggleMcpServer' | 'reconnectMcpServer' | 'getContextUsage' | 'stopTask'>;

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The run's live background tasks: the CLI sends the whole set (`system/background_tasks_changed`) whenever it
 * changes, so each message replaces the last (a missed start or end cannot leave a stale row).
 */
export function createBackgroundTasks(): { note(message: unknown): void; list(): BackgroundTask[] } {
  let tasks: BackgroundTask[] = [];
  return {
    note(message) {
      const m = record(message);
      if (m?.type !== 'system' || m.subtype !== 'background_tasks_changed' || !Array.isArray(m.tasks)) return;
      tasks = m.tasks.flatMap((entry: unknown) => {
        const t = record(entry);
        if (!t || typeof t.task_id !== 'string') return [];
        return [{ taskId: t.task_id, type: typeof t.task_type === 'string' ? t.task_type : 'task', description: typeof t.description === 'string' ? t.description : '' }];
      });
    },
    list: () => tasks,
  };
}

/** A result that hit the run's budget cap says so in words (the CLI's own result carries only the subtype). */
export function explainBudgetStop<E extends RunEvent>(event: E, maxBudgetUsd: number | undefined): E {
  if (event.type !== 'result' || event.subtype !== 'error_max_budget_usd') return event;
  const spent = typeof event.total_cost_usd === 'number' ? ` (spent $${event.total_cost_usd.toFixed(4)})` : '';
  const cap = maxBudgetUsd !== undefined ? ` of $${maxBudgetUsd}` : '';
  return { ...event, is_error: true, result: `Budget cap${cap} reached${spent}: the run stopped.` };
}
