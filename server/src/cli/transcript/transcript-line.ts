import { isUtf8 } from 'node:buffer';

/**
 * One line of a CLI transcript (`projects/<dir>/<sessionId>.jsonl`), as far as the console reads it.
 * The CLI adds fields between versions; everything here is optional and checked before use.
 */
export interface TranscriptLine {
  type?: unknown;
  subtype?: unknown;
  uuid?: unknown;
  parentUuid?: unknown;
  isSidechain?: unknown;
  isMeta?: unknown;
  timestamp?: unknown;
  cwd?: unknown;
  sessionId?: unknown;
  message?: unknown;
  content?: unknown;
  toolUseResult?: unknown;
  summary?: unknown;
  leafUuid?: unknown;
  customTitle?: unknown;
  aiTitle?: unknown;
  title?: unknown;
  [key: string]: unknown;
}

/**
 * Line types that never become messages: records of queued prompts, API requests, tool lists,
 * mode changes… (README §5). Attachments are in the uuid chain but are context, not conversation.
 * They are recognised from the raw bytes (`{"type":"<name>"` opens them) and never JSON-parsed.
 * `cost-state` (small, one per query) is parsed: the index reads the session's cost from it.
 */
const SKIPPED_TYPES = new Set(['queue-operation', 'attachment', 'api-request', 'api-request-shape', 'api-request-blob', 'tools-used',
  'last-prompt', 'atis-latch', 'mode', 'file-history-snapshot', 'progress', 'agent-name', 'pr-link', 'permission-mode']);

/** Types worth parsing even though they open with `{"type":` (titles and summaries). */
const TYPE_PREFIX = Buffer.from('{"type":"');

export type LineVerdict =
  | { kind: 'line'; line: TranscriptLine }
  /** A line that is not a message but links the uuid chain (attachments): only read when asked for. */
  | { kind: 'link'; uuid: string; parentUuid: string | null }
  | { kind: 'skipped' }
  | { kind: 'invalid'; reason: 'utf8' | 'json' | 'not-object' };

/** The value of a leading `"type"` key read from raw bytes, or undefined when the line does not start with one. */
function leadingType(buf: Buffer, start: number, end: number): string | undefined {
  if (end - start < TYPE_PREFIX.length + 2) return undefined;
  for (let i = 0; i < TYPE_PREFIX.length; i++) if (buf[start + i] !== TYPE_PREFIX[i]) return undefined;
  const from = start + TYPE_PREFIX.length;
  const quote = buf.subarray(from, Math.min(end, from + 40)).indexOf(0x22);
  if (quote < 0) return undefined;
  return buf.toString('latin1', from, from + quote);
}

const PARENT_PREFIX = Buffer.from('{"parentUuid":');
const ATTACHMENT_KEY = Buffer.from('"attachment":{');
const UUID_KEY = Buffer.from('"uuid":"');

/**
 * Attachments (context the CLI injects, often tens of KB) sit in the uuid chain. The CLI writes them as
 * `{"parentUuid":…,"isSidechain":…,"attachment":{…},"type":"attachment","uuid":"…",…}`: their two links
 * are read from the raw bytes without parsing the attachment itself.
 */
function attachmentLink(buf: Buffer, start: number, end: number): LineVerdict | undefined {
  for (let i = 0; i < PARENT_PREFIX.length; i++) if (buf[start + i] !== PARENT_PREFIX[i]) return undefined;
  const head = buf.subarray(start, Math.min(end, start + 160));
  const attachmentAt = head.indexOf(ATTACHMENT_KEY);
  if (attachmentAt < 0) return undefined;
  const valueAt = PARENT_PREFIX.length;
  let parentUuid: string | null = null;
  if (head[valueAt] === 0x22) {
    const close = head.indexOf(0x22, valueAt + 1);
    if (close < 0) return undefined;
    parentUuid = head.toString('latin1', valueAt + 1, close);
  } else if (head.toString('latin1', valueAt, valueAt + 4) !== 'null') return undefined;
  // The top-level uuid follows the attachment object; search only the line's last 400 bytes.
  const tailStart = Math.max(start + attachmentAt, end - 400);
  const tail = buf.subarray(tailStart, end);
  const uuidAt = tail.lastIndexOf(UUID_KEY);
  if (uuidAt < 0) return undefined;
  const close = tail.indexOf(0x22, uuidAt + UUID_KEY.length);
  if (close < 0) return undefined;
  return { kind: 'link', uuid: tail.toString('latin1', uuidAt + UUID_KEY.length, close), parentUuid };
}

/** What can be decided from the raw bytes: bookkeeping, attachment links, invalid UTF-8. */
export function preCheck(buf: Buffer, start: number, end: number, links: boolean): LineVerdict | undefined {
  const type = leadingType(buf, start, end);
  if (type !== undefined && SKIPPED_TYPES.has(type) && !(links && type === 'attachment')) return { kind: 'skipped' };
  const link = attachmentLink(buf, start, end);
  if (link) return links ? link : { kind: 'skipped' };
  if (!isUtf8(buf.subarray(start, end))) return { kind: 'invalid', reason: 'utf8' };
  return undefined;
}

/**
 * Classifies and parses one line (without its newline). Bookkeeping lines are recognised without
 * parsing; lines that are not UTF-8 or not JSON objects are reported as invalid (the caller logs them).
 * With `links`, attachments come back as chain links instead of being skipped.
 */
export function parseLine(buf: Buffer, start: number, end: number, links = false): LineVerdict {
  const pre = preCheck(buf, start, end, links);
  if (pre) return pre;
  let value: unknown;
  try {
    value = JSON.parse(buf.toString('utf8', start, end));
  } catch {
    return { kind: 'invalid', reason: 'json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'invalid', reason: 'not-object' };
  const line = value as TranscriptLine;
  if (typeof line.type === 'string' && SKIPPED_TYPES.has(line.type)) {
    if (links && line.type === 'attachment' && typeof line.uuid === 'string') {
      return { kind: 'link', uuid: line.uuid, parentUuid: typeof line.parentUuid === 'string' ? line.parentUuid : null };
    }
    return { kind: 'skipped' };
  }
  return { kind: 'line', line };
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The text of a message's content: a string, or its text blocks joined (tool results and images are not text). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text') parts.push(str((block as { text?: unknown }).text));
  }
  return parts.join('\n');
}

function messageContent(line: TranscriptLine): unknown {
  const message = line.message;
  return message && typeof message === 'object' ? (message as { content?: unknown }).content : undefined;
}

/** True for a user line made only of tool results (the CLI's answer to a tool_use, not the user's words). */
export function isToolResultLine(line: TranscriptLine): boolean {
  const content = messageContent(line);
  return Array.isArray(content) && content.length > 0 && content.every((b) => b && typeof b === 'object' && (b as { type?: unknown }).type === 'tool_result');
}

const HIDDEN_USER_PREFIXES = ['Caveat: ', '<command-name>', '<local-command-stdout>'];

/**
 * Lines shown in a conversation and counted in messageCount: user, assistant and system lines with a uuid,
 * except the CLI's meta lines (command caveats, local command output) which are bookkeeping for the model.
 */
export function isVisibleMessage(line: TranscriptLine): boolean {
  if (typeof line.uuid !== 'string') return false;
  if (line.type === 'assistant') return Boolean(line.message && typeof line.message === 'object');
  if (line.type === 'system') return typeof line.content === 'string' && line.content.length > 0;
  if (line.type !== 'user' || !line.message || typeof line.message !== 'object') return false;
  if (line.isMeta === true) return false;
  const first = contentText(messageContent(line)).trimStart();
  return !HIDDEN_USER_PREFIXES.some((prefix) => first.startsWith(prefix));
}

const SUMMARY_MAX = 200;

/**
 * What a user prompt looks like as a list title: <system-reminder> blocks and command caveats removed,
 * a slash command shown as `/name args`, first non-empty line, trimmed, at most 200 characters.
 */
export function promptTitle(text: string): string {
  let cleaned = text.replace(/<system-reminder>[\s\S]*?(<\/system-reminder>|$)/g, '');
  const command = /<command-name>([^<]*)<\/command-name>/.exec(cleaned);
  if (command) {
    const args = /<command-args>([^<]*)<\/command-args>/.exec(cleaned);
    cleaned = `${command[1]?.trim() ?? ''} ${args?.[1]?.trim() ?? ''}`;
  }
  cleaned = cleaned.replace(/<local-command-(stdout|stderr|caveat)>[\s\S]*?<\/local-command-\1>/g, '');
  const firstLine = cleaned.split('\n').map((l) => l.trim()).find((l) => l.length > 0 && !l.startsWith('Caveat: ')) ?? '';
  return firstLine.length > SUMMARY_MAX ? `${firstLine.slice(0, SUMMARY_MAX - 1)}…` : firstLine;
}

/** A user line the CLI injected itself (`origin.kind` other than `human`: task notifications, peers, …). */
export function isInjectedTurn(line: TranscriptLine): boolean {
  const kind = line.origin && typeof line.origin === 'object' ? (line.origin as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && kind !== 'human';
}

/**
 * The user's own words in a line, or '' for tool results, meta lines, injected turns, sidechain prompts and the
 * lines of a local command (`/clear`'s caveat, `<command-name>` and output lines): those never title a session,
 * the first real prompt does. A custom slash command (`<command-message>` first) is a prompt: `/name args`.
 */
export function userPromptText(line: TranscriptLine): string {
  if (line.type !== 'user' || line.isSidechain === true || line.isMeta === true || isInjectedTurn(line) || isToolResultLine(line)) return '';
  const text = contentText(messageContent(line));
  const first = text.trimStart();
  if (HIDDEN_USER_PREFIXES.some((prefix) => first.startsWith(prefix))) return '';
  return promptTitle(text);
}
