import type { ConversationSummary } from '@cui/contract';

/** Row title (spec §2): the custom name, else the summary, else 'New conversation'. */
export function sessionTitle(row: Pick<ConversationSummary, 'summary' | 'sessionInfo'>): string {
  return row.sessionInfo.custom_name.trim() || row.summary.trim() || 'New conversation';
}

/** The project's short name: the last segment of its path, or 'No project'. */
export function projectShortName(projectPath: string): string {
  const segments = projectPath.split(/[\\/]/).filter(Boolean);
  return segments[segments.length - 1] ?? 'No project';
}
