import type { PermissionRequest, WaitingPermission } from '@cui/contract';
import type { EventBus } from '../../platform/bus';

/** The part of the runs feature's permission registry the inbox reads. */
export interface PendingPermissions {
  list(filter: { status: 'pending' }): PermissionRequest[];
}

export interface WaitingListDeps {
  bus: EventBus;
  permissions: PendingPermissions;
  /** The session's title as the list shows it ('' when unknown). */
  sessionTitle(sessionId: string): string;
  /** One short line about a tool input (never the input itself). */
  summarize(toolName: string, input: Record<string, unknown>): string;
}

/** The permission requests waiting across all runs, kept in step with the bus. */
export interface WaitingList {
  /** The requests waiting now, oldest first. */
  current(): WaitingPermission[];
  /** Calls `listener` with the whole list each time it changes; returns the unsubscribe function. */
  subscribe(listener: (waiting: WaitingPermission[]) => void): () => void;
  close(): void;
}

function toWaiting(permission: PermissionRequest, deps: WaitingListDeps): WaitingPermission {
  return {
    id: permission.id,
    streamingId: permission.streamingId,
    ...(permission.sessionId ? { sessionId: permission.sessionId } : {}),
    sessionTitle: permission.sessionId ? deps.sessionTitle(permission.sessionId) : '',
    toolName: permission.toolName,
    summary: deps.summarize(permission.toolName, permission.toolInput),
    timestamp: permission.timestamp,
    ...(permission.suggestions?.[0] ? { alwaysAllowLabel: permission.suggestions[0].label } : {}),
  };
}

/**
 * Recomputes the list on `permission.requested`, `permission.resolved` and `run.ended` (the registry settles a
 * run's waiting requests as it ends; `run.ended` covers a run whose end publishes nothing else). The bus is
 * synchronous and the registry updates an entry before it publishes, so the list read in a listener is current.
 * Listeners hear only real changes: a decision followed by its run's end is one update, not two.
 */
export function createWaitingList(deps: WaitingListDeps): WaitingList {
  const listeners = new Set<(waiting: WaitingPermission[]) => void>();
  const current = (): WaitingPermission[] => deps.permissions.list({ status: 'pending' }).map((p) => toWaiting(p, deps));
  let lastIds = '';
  const changed = (): void => {
    const pending = deps.permissions.list({ status: 'pending' });
    const ids = pending.map((p) => p.id).join(',');
    if (ids === lastIds) return;
    lastIds = ids;
    if (listeners.size === 0) return;
    const waiting = pending.map((p) => toWaiting(p, deps));
    for (const listener of [...listeners]) listener(waiting);
  };
  const unsubscribe = [
    deps.bus.subscribe('permission.requested', changed),
    deps.bus.subscribe('permission.resolved', changed),
    deps.bus.subscribe('run.ended', changed),
  ];
  return {
    current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      for (const stop of unsubscribe) stop();
      listeners.clear();
    },
  };
}
