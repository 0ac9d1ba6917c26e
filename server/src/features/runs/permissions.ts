import { randomUUID } from 'node:crypto';
import type { PermissionResult, PermissionUpdate } from '@anthropic-ai/claude-agent-sdk';
import type { PermissionDecider, PermissionDecisionRequest, PermissionRequest, PermissionStatus } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import type { EventBus, PermissionResolutionSource } from '../../platform/bus';
import { describeSuggestions } from './permission-suggestions';

/** What the model reads when the user denies without a reason. */
export const DEFAULT_DENY_MESSAGE =
  'The user denied this tool use in the console, so it was not run. Stop and wait for the user to tell you how to proceed.';
/** What the model reads when the run ends (stop, crash) while the request waits. */
export const RUN_ENDED_DENY_REASON = 'The run ended before the user decided.';

export interface NewPermission {
  streamingId: string;
  sessionId?: string;
  toolName: string;
  toolInput: Record<string, unknown>;
  description?: string;
  /** The CLI's id of the tool use asked about. */
  toolUseId?: string;
  /** The CLI's "don't ask again" suggestions (`canUseTool`'s `suggestions`). */
  suggestions?: PermissionUpdate[];
}

/**
 * Every tool-use approval of every live (and recently finished) run. A request waits for the human
 * as long as its run lives: there is no timeout; the run settles its pending requests when it ends.
 */
export interface PermissionRegistry {
  /**
   * Records a pending request. `publish` is called with the request's new state whenever it is decided
   * or settled; the returned promise is what the CLI gets back.
   */
  request(input: NewPermission, publish: (permission: PermissionRequest) => void): { permission: PermissionRequest; result: Promise<PermissionResult> };
  /** A human decision, made `via` the conversation, the inbox or a notification's action: 404 for an unknown id, 409 when it was already decided. */
  decide(id: string, decision: PermissionDecisionRequest, via: PermissionDecider): PermissionRequest;
  /** Denies one pending request without a human (the CLI withdrew it, or its run is ending). */
  settle(id: string, reason: string): void;
  /** Denies every pending request of a run. */
  settleRun(streamingId: string, reason: string): void;
  list(filter?: { streamingId?: string; status?: PermissionStatus }): PermissionRequest[];
  /** Drops a finished run's requests from memory. */
  forgetRun(streamingId: string): void;
}

interface Entry {
  permission: PermissionRequest;
  resolve(result: PermissionResult): void;
  publish(permission: PermissionRequest): void;
}

const SOURCE: Record<PermissionDecider, PermissionResolutionSource> = { console: 'user', inbox: 'user', notification: 'notification' };

function denyMessage(denyReason: string | undefined): string {
  const reason = denyReason?.trim();
  return reason ? `The user denied this tool use: ${reason}` : DEFAULT_DENY_MESSAGE;
}

function suggestionsOf(input: NewPermission): Pick<PermissionRequest, 'suggestions'> {
  const suggestions = describeSuggestions(input.suggestions);
  return suggestions.length > 0 ? { suggestions } : {};
}

/** An approval's new state and what the CLI gets: the input with the UI's changes, and the suggestions' rules when asked. */
function approval(permission: PermissionRequest, decision: PermissionDecisionRequest, via: PermissionDecider) {
  const updates = decision.alwaysAllow ? permission.suggestions?.map((s) => s.update as PermissionUpdate) : undefined;
  if (decision.alwaysAllow && !updates) throw new AppError('permission.no_such_suggestion', `Permission request ${permission.id} has no "don't ask again" suggestion`);
  // Shallow merge: the UI may send only the fields it changed (a Bash command, AskUserQuestion's answers).
  const updatedInput = { ...permission.toolInput, ...decision.modifiedInput };
  const patch = {
    decidedVia: via,
    ...(decision.modifiedInput ? { modifiedInput: decision.modifiedInput } : {}),
    ...(updates ? { alwaysAllowed: true } : {}),
  };
  return { status: 'approved' as const, patch, result: { behavior: 'allow' as const, updatedInput, ...(updates ? { updatedPermissions: updates } : {}) } };
}

/** Publishes `permission.requested` for every new request and `permission.resolved` once it is decided or settled. */
export function createPermissionRegistry({ bus, now = () => new Date() }: { bus: EventBus; now?: () => Date }): PermissionRegistry {
  const entries = new Map<string, Entry>();

  const finish = (
    entry: Entry,
    source: PermissionResolutionSource,
    change: { status: PermissionStatus; patch: Partial<PermissionRequest>; result: PermissionResult },
  ): PermissionRequest => {
    entry.permission = { ...entry.permission, ...change.patch, status: change.status };
    entry.resolve(change.result);
    entry.publish(entry.permission);
    bus.publish('permission.resolved', { permission: entry.permission, source });
    return entry.permission;
  };

  const settleEntry = (entry: Entry, reason: string): void => {
    if (entry.permission.status !== 'pending') return;
    // `interrupt` ends the CLI's turn instead of letting the model carry on without the tool.
    finish(entry, 'run', { status: 'denied', patch: { denyReason: reason }, result: { behavior: 'deny', message: reason, interrupt: true } });
  };

  return {
    request(input, publish) {
      const permission: PermissionRequest = {
        id: randomUUID(),
        streamingId: input.streamingId,
        ...(input.sessionId ? { sessionId: input.sessionId } : {}),
        toolName: input.toolName,
        toolInput: input.toolInput,
        timestamp: now().toISOString(),
        status: 'pending',
        ...(input.description ? { description: input.description } : {}),
        ...(input.toolUseId ? { toolUseId: input.toolUseId } : {}),
        ...suggestionsOf(input),
      };
      let resolve!: (result: PermissionResult) => void;
      const result = new Promise<PermissionResult>((r) => (resolve = r));
      entries.set(permission.id, { permission, resolve, publish });
      bus.publish('permission.requested', { permission });
      return { permission, result };
    },
    decide(id, decision, via) {
      const entry = entries.get(id);
      if (!entry) throw new AppError('permission.not_found', `Permission request ${id} not found`);
      if (entry.permission.status !== 'pending') {
        throw new AppError('permission.already_decided', `Permission request ${id} was already ${entry.permission.status}`);
      }
      if (decision.action === 'approve') return finish(entry, SOURCE[via], approval(entry.permission, decision, via));
      const patch = { decidedVia: via, ...(decision.denyReason ? { denyReason: decision.denyReason } : {}) };
      return finish(entry, SOURCE[via], { status: 'denied', patch, result: { behavior: 'deny', message: denyMessage(decision.denyReason) } });
    },
    settle(id, reason) {
      const entry = entries.get(id);
      if (entry) settleEntry(entry, reason);
    },
    settleRun(streamingId, reason) {
      for (const entry of entries.values()) if (entry.permission.streamingId === streamingId) settleEntry(entry, reason);
    },
    list(filter = {}) {
      return [...entries.values()]
        .map((entry) => entry.permission)
        .filter((p) => (!filter.streamingId || p.streamingId === filter.streamingId) && (!filter.status || p.status === filter.status));
    },
    forgetRun(streamingId) {
      for (const [id, entry] of entries) if (entry.permission.streamingId === streamingId) entries.delete(id);
    },
  };
}
