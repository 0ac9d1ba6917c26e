import type { ToolMetrics, ToolUseBlock } from '@cui/contract';
import { diffLines } from 'diff';

export const EMPTY_TOOL_METRICS: ToolMetrics = { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 };

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function diffCounts(oldText: string, newText: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const change of diffLines(oldText, newText)) {
    if (change.added) added += change.count ?? countLines(change.value);
    if (change.removed) removed += change.count ?? countLines(change.value);
  }
  return { added, removed };
}

/** Adds one Edit / MultiEdit / Write tool use to the run's metrics (other tools leave them unchanged). */
export function addToolMetrics(metrics: ToolMetrics, toolUse: ToolUseBlock): ToolMetrics {
  const input = toolUse.input;
  if (toolUse.name === 'Write') {
    return { ...metrics, writeCount: metrics.writeCount + 1, linesAdded: metrics.linesAdded + countLines(str(input.content)) };
  }
  const edits =
    toolUse.name === 'Edit'
      ? [input]
      : toolUse.name === 'MultiEdit' && Array.isArray(input.edits)
        ? (input.edits as Array<Record<string, unknown>>)
        : undefined;
  if (!edits) return metrics;
  let { linesAdded, linesRemoved } = metrics;
  for (const edit of edits) {
    const counts = diffCounts(str(edit.old_string), str(edit.new_string));
    linesAdded += counts.added;
    linesRemoved += counts.removed;
  }
  return { ...metrics, editCount: metrics.editCount + 1, linesAdded, linesRemoved };
}
