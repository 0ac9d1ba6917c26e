import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { SessionInfo, SessionUpdateRequest } from '@cui/contract';
import type { LiveRuns, PlatformDeps } from '../../context';

/** The console's own per-session data (SQLite table session_info). */
export interface SessionInfoStore {
  /** The stored info, or defaults when none was stored. Never writes. */
  get(sessionId: string): SessionInfo;
  update(sessionId: string, patch: SessionUpdateRequest): SessionInfo;
}

/** Placeholder until issue 4 lands. */
export function createSessionInfoStore(_db: Database.Database): SessionInfoStore {
  const defaults: SessionInfo = { custom_name: '', pinned: false, archived: false, continuation_session_id: '', initial_commit_head: '', permission_mode: 'default' };
  return { get: () => ({ ...defaults }), update: () => ({ ...defaults }) };
}

export interface SessionIndex {
  close(): Promise<void>;
}

export function createSessionIndex(_deps: PlatformDeps & { sessionInfo: SessionInfoStore; runs: LiveRuns }): SessionIndex {
  return { close: async () => undefined };
}

export function registerSessionRoutes(_app: FastifyInstance, _deps: PlatformDeps & { sessions: SessionIndex; sessionInfo: SessionInfoStore; runs: LiveRuns }): void {}
