import type { PermissionRequest, SessionInfo } from '@cui/contract';
import type { Logger } from 'pino';

/** Why a run ended: its last turn completed, it reported an error, the user stopped it, or its process died. */
export type RunEndReason = 'completed' | 'failed' | 'stopped' | 'crashed';

/**
 * Who settled a permission request: a person in the console, a person through a notification's Approve/Deny link,
 * or the run itself (withdrawn, run ended).
 */
export type PermissionResolutionSource = 'user' | 'notification' | 'run';

/**
 * Every fact one feature tells others, named as a fact (STYLE §3). These are in-process only: the wire's stream
 * events (`contract/stream.ts`) and the per-run replay log are a separate thing and stay as they are.
 */
export interface DomainEvents {
  /** `routed`: the run talks to the model-provider router, so the CLI's cost for it is an estimate. */
  'run.started': { streamingId: string; sessionId: string; cwd: string; model?: string; permissionMode: string; routed: boolean };
  'run.ended': {
    streamingId: string;
    sessionId: string;
    reason: RunEndReason;
    isError: boolean;
    durationMs: number;
    /** The session's title as the list would show it at the end of the run ('' when unknown). */
    summary: string;
  };
  'permission.requested': { permission: PermissionRequest };
  'permission.resolved': { permission: PermissionRequest; source: PermissionResolutionSource };
  'session.info.updated': { sessionId: string; info: SessionInfo };
  /**
   * The server paused a schedule (three failures in a row, its folder gone or untrusted); `sessionId`: the
   * conversation of its last failed run, when it had one.
   */
  'schedule.paused': { scheduleId: string; name: string; reason: string; sessionId?: string };
  /**
   * The search index holds every saved message again, after `slices` time-boxed slices of work since it last did (a
   * first index of thousands of sessions takes hundreds).
   */
  'search.caughtUp': { slices: number };
  /** Top-level config sections whose stored value changed (e.g. `interface`, `router`). */
  'config.changed': { sections: string[] };
}

export type DomainEventName = keyof DomainEvents;
export type DomainListener<K extends DomainEventName> = (payload: DomainEvents[K]) => void;

/**
 * Typed, synchronous publish/subscribe. Listeners run in subscription order inside `publish`, so a publisher
 * knows every reaction has been started when publish returns. A listener that throws is logged and does not stop
 * the others or the publisher; an async listener must handle its own rejections (its promise is not awaited).
 */
export interface EventBus {
  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
  /** Returns the unsubscribe function. */
  subscribe<K extends DomainEventName>(name: K, listener: DomainListener<K>): () => void;
  /** Drops every listener; later publishes reach nobody. */
  close(): void;
}

export function createEventBus(logger: Logger): EventBus {
  const log = logger.child({ component: 'bus' });
  const listeners = new Map<DomainEventName, Set<DomainListener<never>>>();
  let closed = false;

  return {
    publish(name, payload) {
      const set = listeners.get(name);
      if (!set) return;
      // A copy: a listener that unsubscribes (or subscribes) while we iterate changes the next publish, not this one.
      for (const listener of [...set] as DomainListener<typeof name>[]) {
        try {
          listener(payload);
        } catch (error) {
          log.error({ err: error, event: name }, 'event listener failed');
        }
      }
    },
    subscribe(name, listener) {
      if (closed) return () => undefined;
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener as DomainListener<never>);
      return () => {
        set.delete(listener as DomainListener<never>);
      };
    },
    close() {
      closed = true;
      listeners.clear();
    },
  };
}
