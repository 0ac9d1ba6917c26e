import type { ContextUsage, ConversationMessage, PermissionRequest, QueuedMessage, StreamEvent } from '@cui/contract';

type ResultEvent = Extract<StreamEvent, { type: 'result' }>;
import { applyMessage, applyMessages, EMPTY_MESSAGES, type IncomingMessage, type MessageState } from './apply-messages';
import { type ViewMessage, fromConversationMessage, injectedKind, systemMarkerText, toBlocks } from './view-message';
import { systemEventMessage } from './system-events';
import type { ConnectionState } from '@/app/stream';
import { applyDelta, completePartial, NO_PARTIALS, type Partials } from './partial-messages';
import { statusTextFor, statusWhileTyping } from './status-text';

/** Everything the conversation view knows about one session: messages, tools, permission, stream status. */
export interface SessionState extends MessageState {
  connectionState: ConnectionState;
  /** Spec §3 'Stream status' currentStatus; 'Running' until the first event says more. */
  currentStatus: string;
  lastEvent: StreamEvent | null;
  lastEventTime: number | null;
  pendingPermission: PermissionRequest | null;
  /** The session id the run reports (system_init / result); differs from the page's after a resume. */
  sessionId: string | null;
  cwd: string | null;
  result: ResultEvent | null;
  /** How full the model's context window was after the run's last turn (kept across turns; null until one ends). */
  contextUsage: ContextUsage | null;
  closed: boolean;
  /** Assistant text as it is typed (`assistant_delta`), until the complete message replaces it. */
  partials: Partials;
  /** Messages waiting for the run's current turn to end (the server's queue, from `queue_updated`). */
  queued: QueuedMessage[];
}

export type SessionAction =
  /** `replace` rebuilds the messages from the transcript (after a run, to settle optimistic ones). */
  | {
      type: 'history_loaded';
      messages: ConversationMessage[];
      replace?: boolean;
      /**
       * The prompt that just started this session's run (the page was opened by sending it): the CLI writes it to
       * the transcript about half a second late, so it is shown at once unless the transcript already ends with it.
       */
      pendingPrompt?: string;
    }
  /** An older window of the transcript (the reader scrolled up): its messages go before the ones shown. */
  | { type: 'history_prepended'; messages: ConversationMessage[] }
  /** The user's prompt shown at once, before the transcript has it. */
  | { type: 'local_message'; message: ViewMessage }
  /** A new run (a resumed turn) starts streaming into this session. */
  | { type: 'run_started' }
  /**
   * The live run (waiting after an interrupt) was given its next message, shown at once: a new turn on the same stream.
   * The send's answer may come after the stream already carried that turn's result or the run's end.
   */
  | { type: 'turn_started'; message: ViewMessage }
  | { type: 'stream_event'; event: StreamEvent; receivedAt: number }
  | { type: 'connection_changed'; state: ConnectionState }
  | { type: 'permissions_loaded'; permissions: PermissionRequest[] }
  | { type: 'permission_cleared'; id: string }
  | { type: 'stream_cleared' };

export const initialSessionState: SessionState = {
  ...EMPTY_MESSAGES,
  connectionState: 'disconnected',
  currentStatus: 'Running',
  lastEvent: null,
  lastEventTime: null,
  pendingPermission: null,
  sessionId: null,
  cwd: null,
  result: null,
  contextUsage: null,
  closed: false,
  partials: NO_PARTIALS,
  queued: [],
};

/** Spec §4: of several pending permissions, the latest by timestamp is shown. */
export function latestPending(permissions: PermissionRequest[]): PermissionRequest | null {
  let latest: PermissionRequest | null = null;
  for (const permission of permissions) {
    if (permission.status !== 'pending') continue;
    if (!latest || Date.parse(permission.timestamp) >= Date.parse(latest.timestamp)) latest = permission;
  }
  return latest;
}

function streamMessage(event: Extract<StreamEvent, { type: 'assistant' | 'user' }>): IncomingMessage {
  const parent = event.parent_tool_use_id ?? null;
  const uuid = event.uuid ?? (event.seq !== undefined ? `seq-${event.seq}` : undefined);
  const message: ViewMessage = {
    id: event.type === 'assistant' && event.message.id ? event.message.id : (uuid ?? `${event.type}-${Date.now()}`),
    role: event.type,
    blocks: toBlocks(event.message.content),
    parentToolUseId: parent,
    isSidechain: parent !== null,
    uuids: uuid ? [uuid] : [],
  };
  if (event.timestamp) message.timestamp = event.timestamp;
  const marker = systemMarkerText(event.type, undefined, message.blocks);
  if (marker !== undefined) return { message: { ...message, role: 'notice', blocks: [{ type: 'text', text: marker }] } };
  const injected = injectedKind(event.type, event.type === 'user' ? event.origin : undefined, message.blocks);
  if (injected) message.injected = injected;
  return event.type === 'user' && event.tool_use_result !== undefined ? { message, structured: event.tool_use_result } : { message };
}

function errorMessage(event: Extract<StreamEvent, { type: 'error' }>): IncomingMessage {
  const id = event.seq !== undefined ? `error-${event.seq}` : `error-${event.timestamp ?? ''}-${event.error}`;
  return { message: { id, role: 'error', blocks: [{ type: 'text', text: event.error }], parentToolUseId: null, isSidechain: false, uuids: [id] } };
}

/** A queued message that started as a turn: the user's message (one id per queued message, so a replay adds it once). */
/** The text of the last message the user typed (not a tool result, not a CLI-injected turn). */
function lastTypedText(messages: ViewMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.role !== 'user' || message.injected || message.parentToolUseId !== null) continue;
    const text = message.blocks.find((block) => block.type === 'text');
    if (text && typeof text.text === 'string') return text.text;
  }
  return undefined;
}

/** The prompt that started the run, shown until the transcript has it (see `history_loaded`). */
function withPendingPrompt(state: MessageState, prompt: string | undefined): MessageState {
  if (prompt === undefined || lastTypedText(state.messages) === prompt) return state;
  const id = 'pending-prompt';
  return applyMessage(state, { message: { id, role: 'user', blocks: [{ type: 'text', text: prompt }], parentToolUseId: null, isSidechain: false, uuids: [id] } });
}

function queuedAsMessage(started: QueuedMessage): IncomingMessage {
  const id = `queued-${started.id}`;
  return { message: { id, role: 'user', blocks: [{ type: 'text', text: started.text }], parentToolUseId: null, isSidechain: false, uuids: [id], timestamp: started.queuedAt } };
}

/** What a conversation says of a decision made away from it: 'Approved from notification', 'Denied from inbox'; none for its own. */
export function decisionNoticeText(status: PermissionRequest['status'], via: PermissionRequest['decidedVia']): string | undefined {
  if ((via !== 'notification' && via !== 'inbox') || status === 'pending') return undefined;
  return `${status === 'approved' ? 'Approved' : 'Denied'} from ${via}`;
}

/** The notice line of a decision (one id per request, so a replay, or the same decision from history, adds it once). */
export function decisionNoticeMessage(permissionId: string, text: string): ViewMessage {
  const id = `decision-${permissionId}`;
  return { id, role: 'notice', blocks: [{ type: 'text', text }], parentToolUseId: null, isSidechain: false, uuids: [id] };
}

/** 'Approved from notification' / 'Denied from notification' (or inbox): a decision made away from this view is said in it. */
function decisionNotice(permission: PermissionRequest): IncomingMessage | undefined {
  const text = decisionNoticeText(permission.status, permission.decidedVia);
  return text === undefined ? undefined : { message: decisionNoticeMessage(permission.id, text) };
}

/** Applies one stream event; the switch is exhaustive over the contract's event union. */
function applyEvent(state: SessionState, event: StreamEvent): SessionState {
  switch (event.type) {
    case 'connected':
      return state;
    case 'system': {
      const output = systemEventMessage(event);
      return output ? { ...state, ...applyMessage(state, output) } : state;
    }
    case 'system_init':
      return { ...state, sessionId: event.session_id, cwd: event.cwd };
    case 'assistant':
      return { ...state, ...applyMessage(state, streamMessage(event)), partials: completePartial(state.partials, event) };
    case 'assistant_delta':
      return { ...state, partials: applyDelta(state.partials, event) };
    case 'user':
      return { ...state, ...applyMessage(state, streamMessage(event)) };
    case 'result':
      // An interrupted turn leaves the run (and its stream) live, waiting for the next message.
      return {
        ...state, result: event, contextUsage: event.contextUsage ?? state.contextUsage, sessionId: event.session_id,
        connectionState: event.interrupted ? state.connectionState : 'disconnected', partials: NO_PARTIALS,
      };
    case 'error':
      return { ...state, ...applyMessage(state, errorMessage(event)) };
    case 'permission_request':
      return { ...state, pendingPermission: event.data };
    case 'permission_resolved': {
      const cleared = state.pendingPermission?.id === event.data.id ? { ...state, pendingPermission: null } : state;
      const notice = decisionNotice(event.data);
      return notice ? { ...cleared, ...applyMessage(cleared, notice) } : cleared;
    }
    case 'queue_updated':
      return event.started ? { ...state, ...applyMessage(state, queuedAsMessage(event.started)), queued: event.queued, result: null } : { ...state, queued: event.queued };
    case 'closed':
      return { ...state, queued: [], closed: true, pendingPermission: null, connectionState: 'disconnected', partials: NO_PARTIALS };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Rebuilds the messages from the transcript, keeping what only the stream had: subagent messages
 * (the transcript may keep them elsewhere), stream errors and notices, and every tool result seen.
 */
function replaceHistory(state: SessionState, incoming: IncomingMessage[]): MessageState {
  const fresh = applyMessages(EMPTY_MESSAGES, incoming);
  const kept = state.messages.filter((m) => m.parentToolUseId !== null || m.role === 'error' || m.role === 'notice').map((message) => ({ message }));
  const merged = applyMessages(fresh, kept);
  return { ...merged, toolResults: { ...state.toolResults, ...merged.toolResults } };
}

/**
 * Older messages before the ones held: the older window is applied first, then every held message again
 * (an API message cut by the window's edge merges), keeping the tool results already known.
 */
function prependHistory(state: SessionState, incoming: IncomingMessage[]): MessageState {
  const older = applyMessages(EMPTY_MESSAGES, incoming);
  const merged = applyMessages(older, state.messages.map((message) => ({ message })));
  return { ...merged, toolResults: { ...older.toolResults, ...state.toolResults } };
}

/** The per-session event store (STYLE §5): one reducer every view of a session reads from. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'history_loaded': {
      const incoming = action.messages.map((m) => ({ message: fromConversationMessage(m), structured: m.toolUseResult }));
      if (action.replace) return { ...state, ...replaceHistory(state, incoming) };
      return { ...state, ...withPendingPrompt(applyMessages(state, incoming), action.pendingPrompt) };
    }
    case 'history_prepended':
      return { ...state, ...prependHistory(state, action.messages.map((m) => ({ message: fromConversationMessage(m), structured: m.toolUseResult }))) };
    case 'turn_started':
      // Only while the interrupted turn's result is still the last word: once the stream has the new turn's result or
      // the run's end, they (and the history read after it) say it all, and a reset would wipe that result.
      if (state.closed || state.result?.interrupted !== true) return state;
      return { ...state, ...applyMessage(state, { message: action.message }), result: null, currentStatus: 'Running' };
    case 'local_message':
      return { ...state, ...applyMessage(state, { message: action.message }) };
    case 'run_started':
      return { ...state, closed: false, result: null, pendingPermission: null, currentStatus: 'Running', connectionState: 'connecting', partials: NO_PARTIALS };
    case 'stream_event': {
      const next = applyEvent(state, action.event);
      // Typed text changes neither the status nor the last event: only the message grows.
      if (action.event.type === 'assistant_delta') return { ...next, currentStatus: statusWhileTyping(next.currentStatus) };
      const status = statusTextFor(action.event);
      return { ...next, currentStatus: status ?? next.currentStatus, lastEvent: action.event, lastEventTime: action.receivedAt };
    }
    case 'connection_changed':
      // A finished run stays disconnected whatever the transport does afterwards.
      return { ...state, connectionState: state.closed ? 'disconnected' : action.state };
    case 'permissions_loaded':
      return { ...state, pendingPermission: latestPending(action.permissions) ?? state.pendingPermission };
    case 'permission_cleared':
      return state.pendingPermission?.id === action.id ? { ...state, pendingPermission: null } : state;
    case 'stream_cleared':
      return { ...state, connectionState: 'disconnected', pendingPermission: null, closed: true, partials: NO_PARTIALS };
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}
