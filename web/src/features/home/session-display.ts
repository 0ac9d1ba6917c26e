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

/**
 * Where a superseded session (History) goes on: its `continuation_session_id`, followed through the loaded rows to
 * the newest part of the chain (a resume of a resume); undefined for a session nobody continued.
 */
export function continuationOf(row: Pick<ConversationSummary, 'sessionInfo'>, rows: readonly Pick<ConversationSummary, 'sessionId' | 'sessionInfo'>[]): string | undefined {
  const next = new Map(rows.map((candidate) => [candidate.sessionId, candidate.sessionInfo.continuation_session_id]));
  let target = row.sessionInfo.continuation_session_id;
  // The loaded rows are at most a few pages; the bound only guards against a cycle in hand-edited data.
  for (let hops = 0; target && next.get(target) && hops < rows.length; hops++) target = next.get(target) ?? target;
  return target || undefined;
}
