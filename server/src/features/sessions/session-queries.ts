import type Database from 'better-sqlite3';
import type { ConversationListQuery, ConversationSummary, WorkingDirectory } from '@cui/contract';
import type { LiveRunInfo } from '../../context';
import { promptTitle } from './transcript-line';

/** Default page size (spec §9: the first page is 20). */
export const DEFAULT_LIST_LIMIT = 20;

interface ListRow {
  session_id: string;
  summary: string;
  created_at: string;
  updated_at: string;
  project_path: string;
  message_count: number;
  edit_count: number;
  write_count: number;
  lines_added: number;
  lines_removed: number;
  custom_name: string | null;
  pinned: number | null;
  archived: number | null;
  continuation_session_id: string | null;
  initial_commit_head: string | null;
  permission_mode: string | null;
  info_created_at: string | null;
  info_updated_at: string | null;
}

const INDEXED = `SELECT session_id, summary, created_at, updated_at, project_path, message_count, edit_count, write_count, lines_added, lines_removed
  FROM session_index WHERE message_count > 0`;

/**
 * Live runs whose transcript has no message yet become rows of their own (from LiveRunInfo), so that
 * filters, sort and pagination treat them like any other session.
 */
function liveRows(count: number): string {
  const values = Array.from({ length: count }, () => '(?, ?, ?, ?)').join(', ');
  return `SELECT column1, column2, column3, column3, column4, 0, 0, 0, 0, 0 FROM (VALUES ${values})
    WHERE column1 NOT IN (SELECT session_id FROM session_index WHERE message_count > 0)`;
}

function whereClause(query: ConversationListQuery): string {
  const conditions: string[] = [];
  if (query.projectPath !== undefined) conditions.push('s.project_path = @projectPath');
  if (query.hasContinuation !== undefined) conditions.push(`COALESCE(i.continuation_session_id, '') ${query.hasContinuation ? '<>' : '='} ''`);
  if (query.archived !== undefined) conditions.push('COALESCE(i.archived, 0) = @archived');
  if (query.pinned !== undefined) conditions.push('COALESCE(i.pinned, 0) = @pinned');
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

function toSummary(row: ListRow): ConversationSummary {
  return {
    sessionId: row.session_id,
    summary: row.summary,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    projectPath: row.project_path,
    status: 'completed',
    messageCount: row.message_count,
    toolMetrics: { editCount: row.edit_count, writeCount: row.write_count, linesAdded: row.lines_added, linesRemoved: row.lines_removed },
    sessionInfo: {
      custom_name: row.custom_name ?? '',
      pinned: row.pinned === 1,
      archived: row.archived === 1,
      continuation_session_id: row.continuation_session_id ?? '',
      initial_commit_head: row.initial_commit_head ?? '',
      permission_mode: row.permission_mode ?? 'default',
      ...(row.info_created_at ? { created_at: row.info_created_at } : {}),
      ...(row.info_updated_at ? { updated_at: row.info_updated_at } : {}),
    },
  };
}

export interface SessionQueries {
  list(query: ConversationListQuery, live: LiveRunInfo[]): { conversations: ConversationSummary[]; total: number };
  workingDirectories(live: LiveRunInfo[]): WorkingDirectory[];
  isIndexed(sessionId: string): boolean;
  /** Every listed (indexed, non-empty) session id. */
  indexedIds(): string[];
}

export function createSessionQueries(db: Database.Database): SessionQueries {
  const cache = new Map<string, { page: Database.Statement; count: Database.Statement }>();
  const statements = (query: ConversationListQuery, liveCount: number): { page: Database.Statement; count: Database.Statement } => {
    const where = whereClause(query);
    const column = query.sortBy === 'created' ? 's.created_at' : 's.updated_at';
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const key = `${where}|${column}|${direction}|${liveCount}`;
    let entry = cache.get(key);
    if (!entry) {
      const source = liveCount > 0 ? `(${INDEXED} UNION ALL ${liveRows(liveCount)})` : 'session_index';
      const from = `FROM ${source} s LEFT JOIN session_info i ON i.session_id = s.session_id ${where}${liveCount > 0 ? '' : `${where ? ' AND' : ' WHERE'} s.message_count > 0`}`;
      entry = {
        page: db.prepare(`SELECT s.*, i.custom_name, i.pinned, i.archived, i.continuation_session_id, i.initial_commit_head, i.permission_mode,
          i.created_at AS info_created_at, i.updated_at AS info_updated_at ${from}
          ORDER BY ${column} ${direction}, s.session_id ${direction} LIMIT @limit OFFSET @offset`),
        count: db.prepare(`SELECT COUNT(*) ${from}`).pluck(),
      };
      cache.set(key, entry);
    }
    return entry;
  };

  const workingDirs = db.prepare<[], { path: string; lastDate: string; conversationCount: number }>(`
    SELECT project_path AS path, MAX(updated_at) AS lastDate, COUNT(*) AS conversationCount FROM session_index
    WHERE message_count > 0 AND project_path <> '' GROUP BY project_path`);
  const indexed = db.prepare<[string], number>('SELECT 1 FROM session_index WHERE session_id = ? AND message_count > 0').pluck();
  const ids = db.prepare<[], string>('SELECT session_id FROM session_index WHERE message_count > 0').pluck();

  return {
    list(query, live) {
      const { page, count } = statements(query, live.length);
      const params: Record<string, string | number> = { limit: query.limit ?? DEFAULT_LIST_LIMIT, offset: query.offset ?? 0 };
      if (query.projectPath !== undefined) params.projectPath = query.projectPath;
      if (query.archived !== undefined) params.archived = query.archived ? 1 : 0;
      if (query.pinned !== undefined) params.pinned = query.pinned ? 1 : 0;
      const positional = live.flatMap((run) => [run.sessionId, promptTitle(run.initialPrompt), run.startedAt, run.workingDirectory]);
      const rows = (positional.length ? page.all(...positional, params) : page.all(params)) as ListRow[];
      const countParams = { ...params };
      delete countParams.limit;
      delete countParams.offset;
      const total = (positional.length ? count.get(...positional, countParams) : count.get(countParams)) as number;
      return { conversations: rows.map(toSummary), total };
    },
    workingDirectories(live) {
      const byPath = new Map(workingDirs.all().map((row) => [row.path, { ...row }]));
      for (const run of live) {
        if (indexed.get(run.sessionId) || !run.workingDirectory) continue;
        const entry = byPath.get(run.workingDirectory) ?? { path: run.workingDirectory, lastDate: run.startedAt, conversationCount: 0 };
        entry.conversationCount++;
        if (run.startedAt > entry.lastDate) entry.lastDate = run.startedAt;
        byPath.set(run.workingDirectory, entry);
      }
      const rows = [...byPath.values()].sort((a, b) => (a.lastDate < b.lastDate ? 1 : a.lastDate > b.lastDate ? -1 : a.path.localeCompare(b.path)));
      const names = shortnames(rows.map((r) => r.path));
      return rows.map((row) => ({ ...row, shortname: names.get(row.path) ?? row.path }));
    },
    isIndexed: (sessionId) => indexed.get(sessionId) !== undefined,
    indexedIds: () => ids.all(),
  };
}

/** For each path, its shortest trailing run of segments that no other path ends with ('alice/project' vs 'bob/project'). */
export function shortnames(paths: string[]): Map<string, string> {
  const suffixCount = new Map<string, number>();
  const segmentsOf = paths.map((p) => p.split('/').filter(Boolean));
  for (const segments of segmentsOf) {
    for (let n = 1; n <= segments.length; n++) {
      const suffix = segments.slice(-n).join('/');
      suffixCount.set(suffix, (suffixCount.get(suffix) ?? 0) + 1);
    }
  }
  const result = new Map<string, string>();
  paths.forEach((p, index) => {
    const segments = segmentsOf[index] ?? [];
    let name = p;
    for (let n = 1; n <= segments.length; n++) {
      const suffix = segments.slice(-n).join('/');
      if (suffixCount.get(suffix) === 1) {
        name = suffix;
        break;
      }
    }
    result.set(p, name);
  });
  return result;
}
