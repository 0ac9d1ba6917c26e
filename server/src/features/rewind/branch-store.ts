import type Database from 'better-sqlite3';
import type { BranchLink } from '@cui/contract';

/** Which conversation and message each branch was made from (`branches`, migration 014). */
export interface BranchStore {
  record(sessionId: string, from: BranchLink): void;
  linkOf(sessionId: string): BranchLink | undefined;
}

export function createBranchStore(db: Database.Database): BranchStore {
  const insert = db.prepare('INSERT OR REPLACE INTO branches (session_id, source_session_id, source_message_id, created_at) VALUES (?, ?, ?, ?)');
  const select = db.prepare<[string], { source_session_id: string; source_message_id: string }>('SELECT source_session_id, source_message_id FROM branches WHERE session_id = ?');
  return {
    record: (sessionId, from) => void insert.run(sessionId, from.sessionId, from.messageId, new Date().toISOString()),
    linkOf(sessionId) {
      const row = select.get(sessionId);
      return row ? { sessionId: row.source_session_id, messageId: row.source_message_id } : undefined;
    },
  };
}
