import type { PermissionRequest } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../platform/bus';
import { capUtf8, MESSAGE_MAX_BYTES, permissionNotification, runEndedNotification, summarizeToolInput, truncateChars } from './messages';

const permission = (toolName: string, toolInput: Record<string, unknown>, extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  id: 'p1',
  streamingId: 'st1',
  sessionId: 's1',
  toolName,
  toolInput,
  timestamp: '2026-11-22T10:00:00.000Z',
  status: 'pending',
  ...extra,
});

const ended = (patch: Partial<DomainEvents['run.ended']>): DomainEvents['run.ended'] => ({
  streamingId: 'st1',
  sessionId: 's1',
  reason: 'completed',
  isError: false,
  durationMs: 10,
  summary: '',
  ...patch,
});

describe('notification messages', () => {
  it('names the tool and a short summary of a permission request', () => {
    expect(permissionNotification(permission('Edit', { file_path: '/w/hello.txt', old_string: 'secret', new_string: 'x' }))).toEqual({
      kind: 'permission',
      title: 'CUI Permission Request',
      message: 'Edit: hello.txt',
      tags: ['cui-permission'],
      priority: 4,
      sessionId: 's1',
      streamingId: 'st1',
      permissionId: 'p1',
    });
  });

  it('keeps tool input out beyond a 50-character summary', () => {
    const command = `echo ${'a'.repeat(200)} && cat token.txt`;
    const { message } = permissionNotification(permission('Bash', { command, description: 'runs it' })) ?? { message: '' };
    expect(message).toBe(`Bash: ${command.slice(0, 50)}…`);
    expect(message).not.toContain('token.txt');
    expect(summarizeToolInput('Write', { content: 'the whole file' })).toBe('');
    expect(permissionNotification(permission('Write', { content: 'the whole file' }))?.message).toBe('Write');
    expect(summarizeToolInput('ExitPlanMode', { plan: 'step 1 …' })).toBe('plan ready for review');
    expect(summarizeToolInput('AskUserQuestion', { questions: [{ question: 'Which colour?' }] })).toBe('Which colour?');
  });

  it('builds nothing for a permission request without a session', () => {
    expect(permissionNotification(permission('Edit', {}, { sessionId: undefined }))).toBeUndefined();
  });

  it("says 'Task Finished' with the session's title, or 'Task completed' without one", () => {
    expect(runEndedNotification(ended({ summary: 'Fix the typo' }))).toMatchObject({ title: 'Task Finished', message: 'Fix the typo', tags: ['cui-complete'], priority: 3 });
    expect(runEndedNotification(ended({ summary: '  ' }))).toMatchObject({ message: 'Task completed' });
  });

  it('says a failed or crashed run failed', () => {
    expect(runEndedNotification(ended({ reason: 'failed', isError: true, summary: 'Fix it' }))).toMatchObject({ message: 'Failed: Fix it', tags: ['cui-failed'], priority: 4 });
    expect(runEndedNotification(ended({ reason: 'crashed', isError: true }))).toMatchObject({ message: 'Task failed' });
  });

  it('builds nothing for a run the user stopped', () => {
    expect(runEndedNotification(ended({ reason: 'stopped' }))).toBeUndefined();
  });

  it("sends only the head of a long session title (it is often the prompt's start)", () => {
    const { message } = runEndedNotification(ended({ summary: 'x'.repeat(5000) })) ?? { message: '' };
    expect([...message]).toHaveLength(101);
  });
});

describe('capping', () => {
  it('caps by UTF-8 bytes without splitting a character', () => {
    const text = '€'.repeat(2000);
    const capped = capUtf8(text, MESSAGE_MAX_BYTES);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(MESSAGE_MAX_BYTES);
    expect(capped.endsWith('€…')).toBe(true);
    expect(capped).not.toContain('\uFFFD');
    expect(capUtf8('short', 10)).toBe('short');
  });

  it('cuts by characters, counting an emoji as one', () => {
    expect(truncateChars('😀😀😀', 2)).toBe('😀😀…');
    expect(truncateChars('abc', 3)).toBe('abc');
  });
});

describe('web push payload', () => {
  it('carries the kind, session, run and permission, its Changes link, and stays far under the 4 KB push limit', async () => {
    const { pushPayload } = await import('./web-push');
    const notification = permissionNotification(permission('Bash', { command: 'x'.repeat(10_000) }));
    if (!notification) throw new Error('unreachable');
    const link = `/api/notify-actions/${'A'.repeat(43)}`;
    const actions = { approvePath: link, denyPath: link.replace('A', 'D') };
    const payload = pushPayload({ ...notification, message: capUtf8('€'.repeat(5000), MESSAGE_MAX_BYTES), actions });
    expect(payload).toMatchObject({
      title: 'CUI Permission Request',
      tag: 'cui-permission-p1',
      data: { type: 'permission', sessionId: 's1', streamingId: 'st1', permissionRequestId: 'p1', approveUrl: actions.approvePath, denyUrl: actions.denyPath, changesUrl: '/c/s1?panel=changes' },
    });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(3000);
    const ended = runEndedNotification({ streamingId: 'st1', sessionId: 's1', reason: 'completed', isError: false, durationMs: 1, summary: '' });
    if (!ended) throw new Error('unreachable');
    expect(pushPayload(ended)).toEqual({ title: 'Task Finished', message: 'Task completed', tag: 'cui-session-s1', data: { type: 'conversation-end', sessionId: 's1', streamingId: 'st1', changesUrl: '/c/s1?panel=changes' } });
  });
});
