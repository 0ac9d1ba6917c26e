import type { ConversationSummary, ToolMetrics } from '@cui/contract';

/** 'Nov 22' style date. */
export function shortDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** The last segment of a path (the repository folder name). */
export function folderName(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return path.replace(/\/+$/, '').split('/').pop() || path;
}

export interface SubtitleParts {
  date?: string;
  folder?: string;
  commit?: string;
  metrics?: ToolMetrics;
}

/**
 * Spec §2 header subtitle: short date, repository folder, first 7 characters of the initial commit, +added/−removed.
 * `metrics` are the conversation's own, counted by the same rule as the list row (contract/tool-metrics.ts).
 */
export function subtitleParts(summary: ConversationSummary | null, projectPath: string | null, metrics: ToolMetrics): SubtitleParts {
  const parts: SubtitleParts = {};
  const date = shortDate(summary?.createdAt);
  if (date) parts.date = date;
  const folder = folderName(projectPath ?? summary?.projectPath);
  if (folder) parts.folder = folder;
  const head = summary?.sessionInfo.initial_commit_head;
  if (head) parts.commit = head.slice(0, 7);
  if (metrics.linesAdded + metrics.linesRemoved > 0) parts.metrics = metrics;
  return parts;
}
