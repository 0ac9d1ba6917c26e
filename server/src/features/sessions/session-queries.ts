import type Database from 'better-sqlite3';
import { worktreeOf, type ConversationListQuery, type ConversationSummary, type WorkingDirectory } from '@cui/contract';
import type { LiveRunInfo } from '../../context';
import { createBoundedMap } from '../../platform/bounded-map';
import { USAGE_COLUMNS, usageOf, type UsageRow } from '../transcript-index/index';

/** Default page size (spec §9: the first page is 20). */
export const DEFAULT_LIST_LIMIT = 20;

/** Usage columns are NULL on a live run's row whose transcript has no message yet. */
interface ListRow extends Omit<UsageRow, 'input_tokens'> {
  input_tokens: number | null;
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
  notify: number | null;
  info_created_at: string | null;
  info_updated_at: string | null;
}

/** The filterable, sortable columns of every listed row. */
const INDEXED = `SELECT session_id, created_at, updated_at, project_path, archived, pinned, has_continuation
  FROM session_index WHERE message_count > 0`;

/**
 * Live runs whose transcript has no message yet become rows of their own (from LiveRunInfo), so that
 * filters, sort and pagination treat them like any other session.
 */
function liveRows(count: number): string {
  const values = Array.from({ length: count }, () => '(?, ?, ?)').join(', ');
  return `SELECT l.column1, l.column2, l.column2, l.column3, COALESCE(i.archived, 0), COALESCE(i.pinned, 0), COALESCE(i.continuation_session_id, '') <> ''
    FROM (VALUES ${values}) l LEFT JOIN session_info i ON i.session_id = l.column1
    WHERE l.column1 NOT IN (SELECT session_id FROM session_index WHERE message_count > 0)`;
}

const WORKTREES_INFIX = '/.claude/worktrees/cui-';

function whereClause(query: ConversationListQuery): string {
  const conditions: string[] = [];
  // A repository's sessions include those of the worktrees the console had the CLI make in it (contract/worktrees.ts).
  if (query.projectPath !== undefined) conditions.push(`(project_path = @projectPath OR substr(project_path, 1, length(@projectPath) + ${WORKTREES_INFIX.length}) = @projectPath || '${WORKTREES_INFIX}')`);
  if (query.hasContinuation !== undefined) conditions.push(`has_continuation = ${query.hasContinuation ? 1 : 0}`);
  if (query.archived !== undefined) conditions.push('archived = @archived');
  if (query.pinned !== undefined) conditions.push('pinned = @pinned');
  if (query.sessionId !== undefined) conditions.push('session_id = @sessionId');
  return conditions.join(' AND ');
}

const OUTPUT = `s.session_id, s.summary, s.created_at, s.updated_at, s.project_path, s.message_count, s.edit_count, s.write_count, s.lines_added, s.lines_removed,
  ${USAGE_COLUMNS}, i.custom_name, i.pinned, i.archived, i.continuation_session_id, i.initial_commit_head, i.permission_mode, i.notify, i.created_at AS info_created_at, i.updated_at AS info_updated_at`;

/**
 * Without live rows: the page's ids come from an index-only scan of session_index (filters and order are
 * columns of its partial indexes), then only those rows are read and joined with session_info.
 */
function indexedStatements(where: string, order: string): { page: string; count: string } {
  const filter = `message_count > 0${where ? ` AND ${where}` : ''}`;
  return {
    page: `SELECT ${OUTPUT} FROM session_index s LEFT JOIN session_info i ON i.session_id = s.session_id
      WHERE s.session_id IN (SELECT session_id FROM session_index WHERE ${filter} ORDER BY ${order} LIMIT @limit OFFSET @offset)
      ORDER BY ${order.replace(/(\w+_at|session_id|pinned)/g, 's.$1')}`,
    count: `SELECT COUNT(*) FROM session_index WHERE ${filter}`,
  };
}

/** With live rows: the same over the union of indexed and synthesized rows (small: only while runs are live). */
function liveStatements(where: string, order: string, liveCount: number): { page: string; count: string } {
  const rows = `WITH r (session_id, created_at, updated_at, project_path, archived, pinned, has_continuation) AS (${INDEXED} UNION ALL ${liveRows(liveCount)})`;
  const filtered = `SELECT * FROM r${where ? ` WHERE ${where}` : ''}`;
  const live = `(VALUES ${Array.from({ length: liveCount }, () => '(?, ?, ?, ?)').join(', ')})`;
  return {
    page: `${rows}, p AS (${filtered} ORDER BY ${order} LIMIT @limit OFFSET @offset)
      SELECT p.session_id, COALESCE(s.summary, l.column2) AS summary, p.created_at, p.updated_at, p.project_path,
        COALESCE(s.message_count, 0) AS message_count, COALESCE(s.edit_count, 0) AS edit_count, COALESCE(s.write_count, 0) AS write_count,
        COALESCE(s.lines_added, 0) AS lines_added, COALESCE(s.lines_removed, 0) AS lines_removed, ${USAGE_COLUMNS},
        i.custom_name, i.pinned, i.archived, i.continuation_session_id, i.initial_commit_head, i.permission_mode, i.notify, i.created_at AS info_created_at, i.updated_at AS info_updated_at
      FROM p LEFT JOIN session_index s ON s.session_id = p.session_id AND s.message_count > 0
      LEFT JOIN ${live} l ON l.column1 = p.session_id LEFT JOIN session_info i ON i.session_id = p.session_id
      ORDER BY ${order.replace(/(\w+_at|session_id|pinned)/g, 'p.$1')}`,
    count: `${rows} SELECT COUNT(*) FROM (${filtered})`,
  };
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
    ...(row.input_tokens === null ? {} : { usage: usageOf({ ...row, input_tokens: row.input_tokens }) }),
    sessionInfo: {
      custom_name: row.custom_name ?? '',
      pinned: row.pinned === 1,
      archived: row.archived === 1,
      continuation_session_id: row.continuation_session_id ?? '',
      initial_commit_head: row.initial_commit_head ?? '',
      permission_mode: row.permission_mode ?? 'default',
      notify: row.notify !== 0,
      ...(row.info_created_at ? { created_at: row.info_created_at } : {}),
      ...(row.info_updated_at ? { updated_at: row.info_updated_at } : {}),
    },
  };
}

export type TitledRun = LiveRunInfo & { title: string };

export interface SessionQueries {
  /** `live` runs carry the title their row shows until their transcript has a message. */
  list(query: ConversationListQuery, live: TitledRun[]): { conversations: ConversationSummary[]; total: number };
  workingDirectories(live: LiveRunInfo[]): WorkingDirectory[];
  isIndexed(sessionId: string): boolean;
  /** Every listed (indexed, non-empty) session id. */
  indexedIds(): string[];
  /** Whether a pinned session is not listed (not indexed yet, or empty). */
  pinnedNotIndexed(): boolean;
}

/** Cached prepared statements (one per filter/order/live-count shape) and cached totals (one per query). */
const STATEMENTS_KEPT = 64;
const TOTALS_KEPT = 256;

export function createSessionQueries(db: Database.Database): SessionQueries {
  const cache = createBoundedMap<string, { page: Database.Statement; count: Database.Statement }>(STATEMENTS_KEPT);
  const statements = (query: ConversationListQuery, liveCount: number): { page: Database.Statement; count: Database.Statement } => {
    const where = whereClause(query);
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const order = `${query.pinnedFirst ? 'pinned DESC, ' : ''}${query.sortBy === 'created' ? 'created_at' : 'updated_at'} ${direction}, session_id ${direction}`;
    const key = `${where}|${order}|${liveCount}`;
    let entry = cache.get(key);
    if (!entry) {
      const sql = liveCount > 0 ? liveStatements(where, order, liveCount) : indexedStatements(where, order);
      entry = { page: db.prepare(sql.page), count: db.prepare(sql.count).pluck() };
      cache.set(key, entry);
    }
    return entry;
  };

  // Totals and working directories only change when this connection writes (the only writer):
  // total_changes() (rows changed so far, triggers included) tells when cached answers went stale.
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  let cachedAt = -1;
  // Bounded: between two writes every distinct query (filters, live runs) would otherwise add an entry.
  const totals = createBoundedMap<string, number>(TOTALS_KEPT);
  let directories: WorkingDirectory[] | undefined;
  const fresh = (): void => {
    const now = changes.get() as number;
    if (now === cachedAt) return;
    cachedAt = now;
    totals.clear();
    directories = undefined;
  };

  const workingDirs = db.prepare<[], { path: string; lastDate: string; conversationCount: number }>(`
    SELECT project_path AS path, MAX(updated_at) AS lastDate, COUNT(*) AS conversationCount FROM session_index
    WHERE message_count > 0 AND project_path <> '' GROUP BY project_path`);
  const indexed = db.prepare<[string], number>('SELECT 1 FROM session_index WHERE session_id = ? AND message_count > 0').pluck();
  const ids = db.prepare<[], string>('SELECT session_id FROM session_index WHERE message_count > 0').pluck();
  const pinnedNotIndexed = db.prepare<[], number>(`SELECT 1 FROM session_info i WHERE i.pinned = 1
    AND NOT EXISTS (SELECT 1 FROM session_index s WHERE s.session_id = i.session_id AND s.message_count > 0) LIMIT 1`).pluck();

  return {
    list(query, live) {
      const { page, count } = statements(query, live.length);
      const params: Record<string, string | number> = { limit: query.limit ?? DEFAULT_LIST_LIMIT, offset: query.offset ?? 0 };
      if (query.projectPath !== undefined) params.projectPath = query.projectPath;
      if (query.archived !== undefined) params.archived = query.archived ? 1 : 0;
      if (query.pinned !== undefined) params.pinned = query.pinned ? 1 : 0;
      if (query.sessionId !== undefined) params.sessionId = query.sessionId;
      const rowValues = live.flatMap((run) => [run.sessionId, run.startedAt, run.workingDirectory]);
      const summaryValues = live.flatMap((run) => [run.sessionId, run.title, run.startedAt, run.workingDirectory]);
      const rows = (live.length ? page.all(...rowValues, ...summaryValues, params) : page.all(params)) as ListRow[];
      const countParams = { ...params };
      delete countParams.limit;
      delete countParams.offset;
      fresh();
      const totalKey = `${JSON.stringify({ ...query, limit: undefined, offset: undefined })}|${JSON.stringify(rowValues)}`;
      let total = totals.get(totalKey);
      if (total === undefined) {
        total = (live.length ? count.get(...rowValues, countParams) : count.get(countParams)) as number;
        totals.set(totalKey, total);
      }
      return { conversations: rows.map(toSummary), total };
    },
    workingDirectories(live) {
      fresh();
      if (live.length === 0 && directories) return directories;
      // A worktree's sessions count under its repository.
      const byPath = new Map<string, { path: string; lastDate: string; conversationCount: number }>();
      const add = (folder: string, lastDate: string, count: number): void => {
        const at = worktreeOf(folder)?.repo ?? folder;
        const entry = byPath.get(at) ?? { path: at, lastDate, conversationCount: 0 };
        entry.conversationCount += count;
        if (lastDate > entry.lastDate) entry.lastDate = lastDate;
        byPath.set(at, entry);
      };
      for (const row of workingDirs.all()) add(row.path, row.lastDate, row.conversationCount);
      for (const run of live) if (!indexed.get(run.sessionId) && run.workingDirectory) add(run.workingDirectory, run.startedAt, 1);
      const rows = [...byPath.values()].sort((a, b) => (a.lastDate < b.lastDate ? 1 : a.lastDate > b.lastDate ? -1 : a.path.localeCompare(b.path)));
      const names = shortnames(rows.map((r) => r.path));
      const result = rows.map((row) => ({ ...row, shortname: names.get(row.path) ?? row.path }));
      if (live.length === 0) directories = result;
      return result;
    },
    isIndexed: (sessionId) => indexed.get(sessionId) !== undefined,
    indexedIds: () => ids.all(),
    pinnedNotIndexed: () => pinnedNotIndexed.get() !== undefined,
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
