import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { routes, type PermissionDecisionRecord, type PermissionDecider } from '@cui/contract';
import type { EventBus } from '../../platform/bus';
import { registerRoute } from '../../platform/http';

/** How many continued sessions back a conversation's decisions are looked up (a resume starts a new session). */
const MAX_CHAIN = 100;

interface Row {
  permission_id: string;
  session_id: string;
  tool_use_id: string | null;
  tool_name: string;
  status: 'approved' | 'denied';
  decided_via: PermissionDecider;
  decided_at: string;
}

export interface DecisionHistory {
  /** The decisions of a session and of the sessions it continues (oldest first). */
  list(sessionId: string): PermissionDecisionRecord[];
}

const toRecord = (row: Row): PermissionDecisionRecord => ({
  permissionId: row.permission_id,
  sessionId: row.session_id,
  ...(row.tool_use_id ? { toolUseId: row.tool_use_id } : {}),
  toolName: row.tool_name,
  status: row.status,
  decidedVia: row.decided_via,
  decidedAt: row.decided_at,
});

/**
 * Keeps who decided each permission request (the conversation, the inbox, a notification) with its session
 * (`permission_decisions`, user data), so the conversation says it from history after a reload (issue 29.7).
 * Requests the run settled itself (withdrawn, run ended) are no person's decision and are not kept.
 */
export function createDecisionHistory({ db, bus, now = () => new Date() }: { db: Database.Database; bus: EventBus; now?: () => Date }): DecisionHistory {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO permission_decisions (permission_id, session_id, tool_use_id, tool_name, status, decided_via, decided_at)
     VALUES (@permission_id, @session_id, @tool_use_id, @tool_name, @status, @decided_via, @decided_at)`,
  );
  const select = db.prepare(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT ?, 0
       UNION SELECT s.session_id, c.depth + 1 FROM session_info s JOIN chain c ON s.continuation_session_id = c.id WHERE c.depth < ${MAX_CHAIN}
     )
     SELECT d.* FROM permission_decisions d WHERE d.session_id IN (SELECT id FROM chain) ORDER BY d.decided_at, d.permission_id`,
  );
  bus.subscribe('permission.resolved', ({ permission, source }) => {
    if (source === 'run' || !permission.decidedVia || !permission.sessionId || permission.status === 'pending') return;
    insert.run({
      permission_id: permission.id,
      session_id: permission.sessionId,
      tool_use_id: permission.toolUseId ?? null,
      tool_name: permission.toolName,
      status: permission.status,
      decided_via: permission.decidedVia,
      decided_at: now().toISOString(),
    });
  });
  return { list: (sessionId) => (select.all(sessionId) as Row[]).map(toRecord) };
}

export function registerDecisionRoute(app: FastifyInstance, history: DecisionHistory): void {
  registerRoute(app, routes.permissions.sessionDecisions, ({ params }) => ({ decisions: history.list(params.sessionId) }));
}
