import { StreamEvent } from '@cui/contract';
import { replaceSignInAnswers } from './sign-in-answer';

/**
 * A stream event as the runs feature records it, before the event log stamps `seq` and `timestamp`. Token
 * deltas are not among them: they go through `partial-messages.ts` and the log's coalesced partial text.
 */
export type RunEvent = Exclude<StreamEvent, { type: 'connected' | 'assistant_delta' }>;

/** Outcome of mapping one Agent SDK message onto the wire. */
export type MappedMessage =
  | { kind: 'event'; event: RunEvent }
  /** Deliberately not forwarded as an event (token deltas: `partial-messages.ts` reads those). */
  | { kind: 'skipped'; reason: string }
  /** The message did not match the contract: logged and skipped, never fatal. */
  | { kind: 'invalid'; reason: string };

/** SDK message types that are not system/assistant/user/result but are worth showing: forwarded as `system` with their type as subtype. */
const OTHER_AS_SYSTEM = new Set([
  'tool_progress',
  'tool_use_summary',
  'auth_status',
  'rate_limit_event',
  'prompt_suggestion',
  'conversation_reset',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The CLI answers a local slash command (`/cost`, `/context`, …) with a synthetic assistant message that carries the
 * command's raw output (`local_command_source`); its transcript holds the same output as a `system` line of subtype
 * `local_command` with the same uuid. Live, it goes out in the transcript's shape, so both render as system output.
 */
function localCommandOutput(message: Record<string, unknown>): Record<string, unknown> | undefined {
  if (message.type !== 'assistant' || typeof message.local_command_source !== 'string') return undefined;
  const { uuid, session_id: sessionId, parent_tool_use_id: parentToolUseId } = message;
  return { type: 'system', subtype: 'local_command', content: message.local_command_source, uuid, session_id: sessionId, parent_tool_use_id: parentToolUseId };
}

function toWireShape(cliMessage: Record<string, unknown>): Record<string, unknown> | string {
  const message = replaceSignInAnswers(localCommandOutput(cliMessage) ?? cliMessage);
  const { type, subtype } = message;
  if (type === 'system' && subtype === 'init') {
    const { type: _t, subtype: _s, ...rest } = message;
    return { type: 'system_init', ...rest };
  }
  if (type === 'system') return message;
  if (type === 'assistant' || type === 'user' || type === 'result') return message;
  if (type === 'stream_event') return 'partial message (token stream): read by the partial message mapper';
  if (typeof type === 'string' && OTHER_AS_SYSTEM.has(type)) {
    const { type: _t, subtype: _s, ...rest } = message;
    return { type: 'system', subtype: type, ...rest };
  }
  return `unknown message type ${JSON.stringify(type)}`;
}

/**
 * Maps one message of the Agent SDK's `query()` (the CLI's stream-json output) to a stream event.
 * The only place that knows the CLI's output shapes: `system/init` becomes `system_init`, other system
 * subtypes pass as `system`, assistant/user/result pass unchanged (one `assistant` event per content block,
 * as the CLI emits them). Every event is checked against the contract before it goes out.
 */
export function mapSdkMessage(message: unknown): MappedMessage {
  if (!isRecord(message)) return { kind: 'invalid', reason: 'message is not an object' };
  const shaped = toWireShape(message);
  if (typeof shaped === 'string') return { kind: 'skipped', reason: shaped };
  const parsed = StreamEvent.safeParse(shaped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'invalid', reason: `${String(shaped.type)}: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}` };
  }
  if (parsed.data.type === 'connected') return { kind: 'invalid', reason: 'the CLI cannot send connected' };
  return { kind: 'event', event: shaped as RunEvent };
}
