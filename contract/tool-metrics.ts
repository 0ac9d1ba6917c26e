import type { ToolMetrics } from './sessions';

/**
 * The one tool-metrics rule (issue 9.6), shared by the server's session index (list rows) and the web's live
 * conversation header, so both count the same thing:
 * - Edit counts 1 edit, MultiEdit one edit per item of `edits` (at least 1), Write 1 write;
 * - lines are estimated from the input (old_string → new_string, or the written content) and replaced by the
 *   CLI's structured result when it has one (Edit's structuredPatch, Write's created content);
 * - a tool use counts only once its result arrived and succeeded: a pending edit (still waiting for
 *   approval) and a denied or failed one count nothing (issue 16.8).
 */
export const EMPTY_TOOL_METRICS: ToolMetrics = { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 };

/** How one tool result ended: `structured` is the CLI's `tool_use_result` / `toolUseResult` for it. */
export interface ToolOutcome {
  isError: boolean;
  structured?: unknown;
}

/** Lines of `text`, not counting a final newline. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/** Lines [added, removed] by replacing `before` with `after`, ignoring unchanged leading and trailing lines. */
export function estimateEdit(before: string, after: string): [number, number] {
  const a = before.length ? before.replace(/\n$/, '').split('\n') : [];
  const b = after.length ? after.replace(/\n$/, '').split('\n') : [];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [b.length - head - tail, a.length - head - tail];
}

/** [added, removed] lines of a structuredPatch, or undefined when the value is not one. */
export function patchCounts(patch: unknown): [number, number] | undefined {
  if (!Array.isArray(patch)) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of patch) {
    const lines: unknown = hunk && typeof hunk === 'object' ? (hunk as { lines?: unknown }).lines : undefined;
    if (!Array.isArray(lines)) continue;
    for (const l of lines) {
      if (typeof l !== 'string') continue;
      if (l.startsWith('+')) added++;
      else if (l.startsWith('-')) removed++;
    }
  }
  return [added, removed];
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What an Edit, MultiEdit or Write tool use would change, estimated from its input; undefined for other tools. */
export function toolUseChange(name: string, input: Record<string, unknown>): ToolMetrics | undefined {
  if (name === 'Write') return { editCount: 0, writeCount: 1, linesAdded: countLines(str(input.content)), linesRemoved: 0 };
  const edits = name === 'Edit' ? [input] : name === 'MultiEdit' ? (Array.isArray(input.edits) ? input.edits.map(record) : []) : undefined;
  if (!edits) return undefined;
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const edit of edits) {
    const [added, removed] = estimateEdit(str(edit.old_string), str(edit.new_string));
    linesAdded += added;
    linesRemoved += removed;
  }
  return { editCount: Math.max(1, edits.length), writeCount: 0, linesAdded, linesRemoved };
}

/** The change a tool use made once its result is known: nothing when it failed, else the CLI's own counts or the estimate. */
export function settleToolChange(estimate: ToolMetrics, outcome: ToolOutcome): ToolMetrics {
  if (outcome.isError) return EMPTY_TOOL_METRICS;
  const result = record(outcome.structured);
  if (result.type === 'create' && typeof result.content === 'string') return { ...estimate, linesAdded: countLines(result.content), linesRemoved: 0 };
  const fromPatch = patchCounts(result.structuredPatch);
  return fromPatch ? { ...estimate, linesAdded: fromPatch[0], linesRemoved: fromPatch[1] } : estimate;
}

/** Adds one settled change to the metrics. */
export function addToolMetrics(metrics: ToolMetrics, change: ToolMetrics): ToolMetrics {
  return {
    editCount: metrics.editCount + change.editCount,
    writeCount: metrics.writeCount + change.writeCount,
    linesAdded: metrics.linesAdded + change.linesAdded,
    linesRemoved: metrics.linesRemoved + change.linesRemoved,
  };
}
