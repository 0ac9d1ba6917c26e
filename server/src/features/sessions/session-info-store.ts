import type Database from 'better-sqlite3';
import type { EventBus } from '../../platform/bus';
import { DEFAULT_SESSION_INFO, type SessionInfo, type SessionUpdateRequest } from '@cui/contract';

/** The console's own per-session data (SQLite table session_info). */
export interface SessionInfoStore {
  /** The stored info, or defaults when none was stored. Never writes. */
  get(sessionId: string): SessionInfo;
  /** Applies the given fields (creating the row when the session has none yet) and returns the result. */
  update(sessionId: string, patch: SessionUpdateRequest): SessionInfo;
  /** Archives every listed session that is not archived yet; returns how many changed. */
  archiveMany(sessionIds: Iterable<string>): number;
}

interface SessionInfoRow {
  custom_name: string;
  pinned: number;
  archived: number;
  continuation_session_id: string;
  initial_commit_head: string;
  permission_mode: string;
  /** NULL: never set, so the default (notify). */
  notify: number | null;
  created_at: string;
  updated_at: string;
}

export function rowToSessionInfo(row: SessionInfoRow): SessionInfo {
  return {
    custom_name: row.custom_name,
    pinned: row.pinned === 1,
    archived: row.archived === 1,
    continuation_session_id: row.continuation_session_id,
    initial_commit_head: row.initial_commit_head,
    permission_mode: row.permission_mode,
    notify: row.notify !== 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** camelCase request fields → snake_case columns (the only place this mapping is written). */
function patchColumns(patch: SessionUpdateRequest): Record<string, string | number> {
  const columns: Record<string, string | number> = {};
  if (patch.customName !== undefined) columns.custom_name = patch.customName.trim();
  if (patch.pinned !== undefined) columns.pinned = patch.pinned ? 1 : 0;
  if (patch.archived !== undefined) columns.archived = patch.archived ? 1 : 0;
  if (patch.continuationSessionId !== undefined) columns.continuation_session_id = patch.continuationSessionId.trim();
  if (patch.initialCommitHead !== undefined) columns.initial_commit_head = patch.initialCommitHead.trim();
  if (patch.permissionMode !== undefined) columns.permission_mode = patch.permissionMode;
  if (patch.notify !== undefined) columns.notify = patch.notify ? 1 : 0;
  return columns;
}

/** Every change is published as `session.info.updated` once its transaction committed. */
export function createSessionInfoStore({ db, bus }: { db: Database.Database; bus: EventBus }): SessionInfoStore {
  const select = db.prepare<[string], SessionInfoRow>('SELECT * FROM session_info WHERE session_id = ?');
  const insertDefault = db.prepare('INSERT OR IGNORE INTO session_info (session_id, created_at, updated_at) VALUES (?, ?, ?)');
  const updates = new Map<string, Database.Statement>();
  const archive = db.prepare("UPDATE session_info SET archived = 1, updated_at = ? WHERE session_id = ? AND archived = 0");

  const get = (sessionId: string): SessionInfo => {
    const row = select.get(sessionId);
    return row ? rowToSessionInfo(row) : { ...DEFAULT_SESSION_INFO };
  };

  const write = db.transaction((sessionId: string, patch: SessionUpdateRequest): SessionInfo => {
    const now = new Date().toISOString();
    insertDefault.run(sessionId, now, now);
    const columns = patchColumns(patch);
    const names = Object.keys(columns).sort();
    if (names.length > 0) {
      const key = names.join(',');
      let statement = updates.get(key);
      if (!statement) {
        statement = db.prepare(`UPDATE session_info SET ${names.map((n) => `${n} = @${n}`).join(', ')}, updated_at = @updated_at WHERE session_id = @session_id`);
        updates.set(key, statement);
      }
      statement.run({ ...columns, updated_at: now, session_id: sessionId });
    }
    return get(sessionId);
  });

  const archiveIds = db.transaction((sessionIds: Iterable<string>): string[] => {
    const now = new Date().toISOString();
    const changed: string[] = [];
    for (const id of sessionIds) {
      insertDefault.run(id, now, now);
      if (archive.run(now, id).changes > 0) changed.push(id);
    }
    return changed;
  });

  const update = (sessionId: string, patch: SessionUpdateRequest): SessionInfo => {
    const info = write(sessionId, patch);
    bus.publish('session.info.updated', { sessionId, info });
    return info;
  };

  const archiveMany = (sessionIds: Iterable<string>): number => {
    const changed = archiveIds(sessionIds);
    for (const id of changed) bus.publish('session.info.updated', { sessionId: id, info: get(id) });
    return changed.length;
  };

  return { get, update, archiveMany };
}
