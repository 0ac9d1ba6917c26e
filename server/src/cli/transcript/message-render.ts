import type { ConversationMessage } from '@cui/contract';
import type { ChainNode, OrderedNode } from './chain-order';
import { replaceSignInAnswers } from '../sign-in-answer';
import { str, type TranscriptLine } from './transcript-line';

/** A message line of a transcript: where it is (file, byte range) and its place in the chain. */
export interface MessageNode extends ChainNode {
  /** Index of the file the line is in: 0 for the session's transcript, then its subagent transcripts. */
  file: number;
  start: number;
  end: number;
  /** The line already has every field of a message in the contract's shapes (the CLI's lines do). */
  complete: boolean;
}

const PARENT_PREFIX = Buffer.from('{"parentUuid":');
/** Lines that may hold the CLI's sign-in answers (replaced by the console's guidance, see sign-in-answer.ts) are short. */
const SIGN_IN_MARK = Buffer.from('/login');
const SIGN_IN_LINE_MAX = 16_384;

function mayMentionSignIn(line: Buffer): boolean {
  return line.length <= SIGN_IN_LINE_MAX && line.includes(SIGN_IN_MARK);
}

function isOrigin(value: unknown): value is { kind: string } {
  return Boolean(value) && typeof value === 'object' && typeof (value as { kind?: unknown }).kind === 'string';
}

/** A message built field by field (lines that cannot be passed through: system lines, unusual layouts, the CLI's sign-in answers). */
export function toMessage(cliLine: TranscriptLine): ConversationMessage {
  const line = replaceSignInAnswers(cliLine);
  const message = line.type === 'system' ? { content: str(line.content), subtype: str(line.subtype) } : (line.message as ConversationMessage['message']);
  const explicitToolUse = line.parent_tool_use_id ?? line.parentToolUseID ?? line.parentToolUseId;
  return {
    uuid: line.uuid as string,
    type: line.type as ConversationMessage['type'],
    message,
    timestamp: str(line.timestamp),
    ...(typeof line.cwd === 'string' ? { cwd: line.cwd } : {}),
    isSidechain: line.isSidechain === true,
    parentUuid: typeof line.parentUuid === 'string' ? line.parentUuid : null,
    ...(typeof line.sessionId === 'string' ? { sessionId: line.sessionId } : {}),
    ...(line.toolUseResult !== undefined ? { toolUseResult: line.toolUseResult } : {}),
    ...(typeof explicitToolUse === 'string' ? { parentToolUseId: explicitToolUse } : {}),
    ...(isOrigin(line.origin) ? { origin: line.origin } : {}),
  };
}

/** Where the value of a leading `"parentUuid"` key ends in `line`, or -1 when the line does not start with one. */
function parentValueEnd(line: Buffer): number {
  if (line.length < PARENT_PREFIX.length + 4 || line.compare(PARENT_PREFIX, 0, PARENT_PREFIX.length, 0, PARENT_PREFIX.length) !== 0) return -1;
  const at = PARENT_PREFIX.length;
  if (line.toString('latin1', at, at + 4) === 'null') return at + 4;
  if (line[at] !== 0x22) return -1;
  const close = line.indexOf(0x22, at + 1);
  return close > 0 ? close + 1 : -1;
}

/**
 * One message as JSON pieces. The CLI's line already has the message's fields (uuid, type, message,
 * timestamp, cwd, isSidechain, parentUuid, toolUseResult, plus a few extra ones), so its bytes are passed
 * through; only a parentUuid bridged over hidden lines is spliced in and a sidechain's parentToolUseId appended.
 */
export function renderMessage(line: Buffer, node: MessageNode, ordered: OrderedNode): Buffer[] {
  if (line[0] !== 0x7b) throw new Error('transcript changed while it was read');
  const spliceParent = ordered.parentUuid !== node.parentUuid;
  const appendToolUse = ordered.parentToolUseId !== null && ordered.parentToolUseId !== node.explicitToolUse;
  const passThrough = node.complete && line[line.length - 1] === 0x7d && !mayMentionSignIn(line);
  if (passThrough && !spliceParent && !appendToolUse) return [line];
  const valueEnd = passThrough ? parentValueEnd(line) : -1;
  if (valueEnd > 0) {
    const tail = appendToolUse ? `,"parentToolUseId":${JSON.stringify(ordered.parentToolUseId)}}` : '}';
    return [PARENT_PREFIX, Buffer.from(JSON.stringify(ordered.parentUuid)), line.subarray(valueEnd, line.length - 1), Buffer.from(tail)];
  }
  const parsed = JSON.parse(line.toString('utf8')) as TranscriptLine;
  return [Buffer.from(JSON.stringify({ ...toMessage(parsed), parentUuid: ordered.parentUuid, parentToolUseId: ordered.parentToolUseId }))];
}
