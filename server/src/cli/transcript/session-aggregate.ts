import { addToolMetrics, EMPTY_TOOL_METRICS, settleToolChange, type ToolMetrics, toolUseChange } from '@cui/contract';
import { isVisibleMessage, str, userPromptText, type TranscriptLine } from './transcript-line';
import { applyUsageLine, EMPTY_USAGE, type UsageTotals } from './usage';

/**
 * What the index keeps about one session, updated line by line so that an appended chunk is parsed once.
 * `pending` holds the estimated change of Edit/MultiEdit/Write uses whose result has not been seen yet; the
 * result settles it into `metrics` by the one rule in contract/tool-metrics.ts (README §4).
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
  /** Settled Edit/MultiEdit/Write uses (pending ones are not counted: they may still be denied). */
  metrics: ToolMetrics;
  pending: Record<string, ToolMetrics>;
  /** Tokens once per API response, and the CLI's cost (usage.ts). */
  usage: UsageTotals;
  /** The last response ids counted (usage.ts). */
  countedIds: string[];
}

export function emptyAggregate(): SessionAggregate {
  return {
    projectPath: '', firstPrompt: '', customTitle: '', aiTitle: '', summaries: {}, createdAt: '', updatedAt: '', messageCount: 0, model: '',
    metrics: EMPTY_TOOL_METRICS, pending: {}, usage: EMPTY_USAGE, countedIds: [],
  };
}

/**
 * The list title: the user's /rename, else the summary linked to the session (`linked`, from any file), else
 * the CLI's ai-title, else the first real prompt, else ''. index-store.ts applies the same order in SQL.
 */
export function displaySummary(agg: SessionAggregate, linked = ''): string {
  return agg.customTitle || linked || agg.aiTitle || agg.firstPrompt;
}

/** The session's metrics: settled tool uses only (one rule with the web's live header, contract/tool-metrics.ts). */
export function toolMetrics(agg: SessionAggregate): ToolMetrics {
  return agg.metrics;
}

function blocks(line: TranscriptLine): Record<string, unknown>[] {
  const content = line.message && typeof line.message === 'object' ? (line.message as { content?: unknown }).content : undefined;
  return Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object') : [];
}

function applyToolUses(agg: SessionAggregate, line: TranscriptLine): void {
  for (const block of blocks(line)) {
    if (block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
    const input = (block.input && typeof block.input === 'object' ? block.input : {}) as Record<string, unknown>;
    const change = toolUseChange(block.name, input);
    if (change) agg.pending[block.id] = change;
  }
}

/** Settles pending tool uses answered by this line (a line's toolUseResult belongs to its only result). */
function applyToolResults(agg: SessionAggregate, line: TranscriptLine): void {
  const results = blocks(line).filter((b) => b.type === 'tool_result' && typeof b.tool_use_id === 'string' && agg.pending[b.tool_use_id as string]);
  for (const block of results) {
    const id = block.tool_use_id as string;
    const outcome = { isError: block.is_error === true, structured: results.length === 1 ? line.toolUseResult : undefined };
    agg.metrics = addToolMetrics(agg.metrics, settleToolChange(agg.pending[id] as ToolMetrics, outcome));
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
  agg.usage = applyUsageLine(agg.usage, agg.countedIds, line);
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
