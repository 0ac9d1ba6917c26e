import path from 'node:path';
import type { PermissionRequest } from '@cui/contract';
import type { DomainEvents } from '../../platform/bus';

/** What a channel (ntfy, web push) delivers: built from a bus fact, never holding prompt text or raw tool input. */
export interface Notification {
  kind: 'permission' | 'run-ended' | 'test' | 'schedule-paused';
  title: string;
  message: string;
  tags: string[];
  /** ntfy's 1 (min) to 5 (max). */
  priority: 1 | 2 | 3 | 4 | 5;
  /** The session it is about ('' for a test, or a paused schedule whose runs never started: about none). */
  sessionId: string;
  streamingId: string;
  permissionId?: string;
  /** A permission's Approve/Deny links, server-relative (`/api/notify-actions/<token>`): secrets, never logged. */
  actions?: { approvePath: string; denyPath: string };
}

/**
 * The conversation with its Changes panel open (issue 24.5), server-relative: a permission notification's 'Changes'.
 * It never carries the token: the page that opens signs in from what the browser already stored.
 */
export function changesPath(sessionId: string): string {
  return `/c/${encodeURIComponent(sessionId)}?panel=changes`;
}

export const PERMISSION_TITLE = 'CUI Permission Request';
export const FINISHED_TITLE = 'Task Finished';
export const COMPLETED_MESSAGE = 'Task completed';
export const FAILED_MESSAGE = 'Task failed';
export const SCHEDULE_PAUSED_TITLE = 'CUI Schedule Paused';

/** ntfy turns a message longer than 4,096 bytes into an attachment; we stay well under it. */
export const MESSAGE_MAX_BYTES = 1024;
/** Spec §2: string values of a tool input summary are cut at 50 characters. */
export const SUMMARY_MAX_CHARS = 50;
/** A session title is the user's own words (often the first prompt's start): only a short head of it is sent. */
export const TITLE_MAX_CHARS = 100;

/** Cuts `text` to at most `max` characters (code points), marking the cut with '…'. */
export function truncateChars(text: string, max: number): string {
  const points = [...text];
  return points.length > max ? `${points.slice(0, max).join('')}…` : text;
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes, never inside a character; a cut ends with '…' (3 bytes, counted). */
export function capUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  const budget = maxBytes - Buffer.byteLength('…');
  for (const point of text) {
    const size = Buffer.byteLength(point);
    if (bytes + size > budget) break;
    out += point;
    bytes += size;
  }
  return `${out}…`;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\s+/g, ' ').trim() : undefined;
}

/** One short line about a tool call: its target (a path, a command, a pattern…), never the whole input. */
export function summarizeToolInput(toolName: string, input: Record<string, unknown>): string {
  if (toolName === 'ExitPlanMode') return 'plan ready for review';
  if (toolName === 'AskUserQuestion' && Array.isArray(input.questions)) {
    return truncateChars(str((input.questions[0] as { question?: unknown } | undefined)?.question) ?? 'a question', SUMMARY_MAX_CHARS);
  }
  // A file's name, not its path: the phone needs to recognise it, the ntfy topic's readers need not see the tree.
  const file = str(input.file_path) ?? str(input.notebook_path);
  const first = (file && path.basename(file)) ?? str(input.command) ?? str(input.pattern) ?? str(input.url) ?? str(input.query) ?? str(input.path) ?? str(input.description);
  return first ? truncateChars(first, SUMMARY_MAX_CHARS) : '';
}

/** `permission.requested` → 'CUI Permission Request', '<tool>: <short summary>'; undefined without a session id. */
export function permissionNotification(permission: PermissionRequest): Notification | undefined {
  if (!permission.sessionId) return undefined;
  const summary = summarizeToolInput(permission.toolName, permission.toolInput);
  return {
    kind: 'permission',
    title: PERMISSION_TITLE,
    message: capUtf8(summary ? `${permission.toolName}: ${summary}` : permission.toolName, MESSAGE_MAX_BYTES),
    tags: ['cui-permission'],
    priority: 4,
    sessionId: permission.sessionId,
    streamingId: permission.streamingId,
    permissionId: permission.id,
  };
}

/** `run.ended` → 'Task Finished' with the session's title (or 'Task completed'); a failed run says so. */
export function runEndedNotification(ended: DomainEvents['run.ended']): Notification | undefined {
  if (ended.reason === 'stopped') return undefined;
  const title = str(ended.summary);
  const short = title ? truncateChars(title, TITLE_MAX_CHARS) : undefined;
  const message = ended.isError ? (short ? `Failed: ${short}` : FAILED_MESSAGE) : (short ?? COMPLETED_MESSAGE);
  return {
    kind: 'run-ended',
    title: FINISHED_TITLE,
    message: capUtf8(message, MESSAGE_MAX_BYTES),
    tags: ended.isError ? ['cui-failed'] : ['cui-complete'],
    priority: ended.isError ? 4 : 3,
    sessionId: ended.sessionId,
    streamingId: ended.streamingId,
  };
}

/** The Settings' 'Send Test Notification': about no session; opens the console (its public URL) when tapped. */
export function testNotification(title: string, message: string): Notification {
  return { kind: 'test', title: capUtf8(title, MESSAGE_MAX_BYTES), message: capUtf8(message, MESSAGE_MAX_BYTES), tags: ['cui-test'], priority: 3, sessionId: '', streamingId: '' };
}

/** `schedule.paused` → 'CUI Schedule Paused', '<schedule name>: <reason>' (opens its last failed conversation, if any). */
export function schedulePausedNotification(paused: DomainEvents['schedule.paused']): Notification {
  return {
    kind: 'schedule-paused',
    title: SCHEDULE_PAUSED_TITLE,
    message: capUtf8(`${truncateChars(paused.name, TITLE_MAX_CHARS)}: ${paused.reason}`, MESSAGE_MAX_BYTES),
    tags: ['cui-schedule'],
    priority: 4,
    sessionId: paused.sessionId ?? '',
    streamingId: '',
  };
}
