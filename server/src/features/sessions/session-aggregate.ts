import type { ToolMetrics } from '@cui/contract';
import { isVisibleMessage, str, userPromptText, type TranscriptLine } from './transcript-line';

/**
 * What the index keeps about one session, updated line by line so that an appended chunk is parsed once.
 * `pending` holds the estimated line counts of Edit/MultiEdit/Write uses whose result has not been seen yet:
 * the result's structuredPatch, when present, replaces the estimate (README §4).
 */
export interface SessionAggregate {
  projectPath: string;
  firstPrompt: string;
  /** Titles the CLI wrote itself: `custom-title` (user's /rename) and `ai-title`. */
  customTitle: string;
  aiTitle: string;
  /**
   * The `summary` lines of this file (older CLIs), by leafUuid. A summary titles the session that contains its
   * leaf, which may be another file's (summary-links.ts); a line without a leafUuid titles nothing.
   */
  summaries: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  model: string;
  editCount: number;
  writeCount: number;
  linesAdded: number;
  linesRemoved: number;
  pending: Record<string, [number, number]>;
}

export function emptyAggregate(): SessionAggregate {
  return {
    projectPath: '', firstPrompt: '', customTitle: '', aiTitle: '', summaries: {}, createdAt: '', updatedAt: '', messageCount: 0, model: '',
    editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0, pending: {},
  };
}

/**
 * The list title: the user's /rename, else the summary linked to the session (`linked`, from any file), else
 * the CLI's ai-title, else the first real prompt, else ''. index-store.ts applies the same order in SQL.
 */
export function displaySummary(agg: SessionAggregate, linked = ''): string {
  return agg.customTitle || linked || agg.aiTitle || agg.firstPrompt;
}

/** Metrics including edits whose results are still pending (estimated from their input). */
export function toolMetrics(agg: SessionAggregate): ToolMetrics {
  let added = agg.linesAdded;
  let removed = agg.linesRemoved;
  for (const [a, r] of Object.values(agg.pending)) {
    added += a;
    removed += r;
  }
  return { editCount: agg.editCount, writeCount: agg.writeCount, linesAdded: added, linesRemoved: removed };
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/** Lines removed/added by replacing `before` with `after`, ignoring unchanged leading and trailing lines. */
export function estimateEdit(before: string, after: string): [number, number] {
  const a = before.length ? before.replace(/\n$/, '').split('\n') : [];
  const b = after.length ? after.replace(/\n$/, '').split('\n') : [];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [b.length - head - tail, a.length - head - tail];
}

/** +/- lines of a structuredPatch, or undefined when the value is not one. */
export function patchCounts(patch: unknown): [number, number] | undefined {
  if (!Array.isArray(patch)) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of patch) {
    const lines = hunk && typeof hunk === 'object' ? (hunk as { lines?: unknown }).lines : undefined;
    if (!Array.isArray(lines)) continue;
    for (const l of lines) {
      if (typeof l !== 'string') continue;
      if (l.startsWith('+')) added++;
      else if (l.startsWith('-')) removed++;
    }
  }
  return [added, removed];
}

function blocks(line: TranscriptLine): Record<string, unknown>[] {
  const content = line.message && typeof line.message === 'object' ? (line.message as { content?: unknown }).content : undefined;
  return Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object') : [];
}

function applyToolUses(agg: SessionAggregate, line: TranscriptLine): void {
  for (const block of blocks(line)) {
    if (block.type !== 'tool_use' || typeof block.id !== 'string') continue;
    const input = (block.input && typeof block.input === 'object' ? block.input : {}) as Record<string, unknown>;
    if (block.name === 'Edit') {
      agg.editCount++;
      agg.pending[block.id] = estimateEdit(str(input.old_string), str(input.new_string));
    } else if (block.name === 'MultiEdit') {
      const edits = Array.isArray(input.edits) ? (input.edits as Record<string, unknown>[]) : [];
      agg.editCount += Math.max(1, edits.length);
      const total: [number, number] = [0, 0];
      for (const edit of edits) {
        const [a, r] = estimateEdit(str(edit?.old_string), str(edit?.new_string));
        total[0] += a;
        total[1] += r;
      }
      agg.pending[block.id] = total;
    } else if (block.name === 'Write') {
      agg.writeCount++;
      agg.pending[block.id] = [countLines(str(input.content)), 0];
    }
  }
}

/** Settles pending edits answered by this line: the structured patch wins, an error counts nothing. */
function applyToolResults(agg: SessionAggregate, line: TranscriptLine): void {
  const results = blocks(line).filter((b) => b.type === 'tool_result' && typeof b.tool_use_id === 'string' && agg.pending[b.tool_use_id as string]);
  for (const block of results) {
    const id = block.tool_use_id as string;
    let counts = agg.pending[id] as [number, number];
    if (block.is_error === true) counts = [0, 0];
    else if (results.length === 1 && line.toolUseResult && typeof line.toolUseResult === 'object') {
      const result = line.toolUseResult as Record<string, unknown>;
      const fromPatch = patchCounts(result.structuredPatch);
      if (result.type === 'create' && typeof result.content === 'string') counts = [countLines(result.content), 0];
      else if (fromPatch) counts = fromPatch;
    }
    agg.linesAdded += counts[0];
    agg.linesRemoved += counts[1];
    delete agg.pending[id];
  }
}

function applyTitles(agg: SessionAggregate, line: TranscriptLine): boolean {
  if (line.type === 'summary') {
    if (typeof line.summary === 'string' && typeof line.leafUuid === 'string' && line.leafUuid) agg.summaries[line.leafUuid] = line.summary.trim();
  } else if (line.type === 'custom-title') agg.customTitle = str(line.customTitle ?? line.title).trim();
  else if (line.type === 'ai-title') agg.aiTitle = str(line.aiTitle ?? line.title).trim();
  else return false;
  return true;
}

/** Folds one parsed line into the aggregate. */
export function applyLine(agg: SessionAggregate, line: TranscriptLine): void {
  if (applyTitles(agg, line)) return;
  if (!agg.projectPath && typeof line.cwd === 'string' && line.cwd) agg.projectPath = line.cwd;
  if (line.type === 'assistant') {
    applyToolUses(agg, line);
    const model = str((line.message as { model?: unknown } | undefined)?.model);
    if (!agg.model && model && model !== '<synthetic>') agg.model = model;
  } else if (line.type === 'user') {
    applyToolResults(agg, line);
    if (!agg.firstPrompt) agg.firstPrompt = userPromptText(line);
  }
  if (!isVisibleMessage(line)) return;
  agg.messageCount++;
  const timestamp = str(line.timestamp);
  if (timestamp) {
    if (!agg.createdAt || timestamp < agg.createdAt) agg.createdAt = timestamp;
    if (timestamp > agg.updatedAt) agg.updatedAt = timestamp;
  }
}
