import { describe, expect, it } from 'vitest';
import type { NotificationContext } from './channel';
import type { Notification } from './messages';
import { createNtfyChannel, ntfyMessage, ntfyPublishUrl, sessionLink } from './ntfy';

const notification: Notification = { kind: 'permission', title: 'CUI Permission Request', message: 'Edit: a.txt', tags: ['cui-permission'], priority: 4, sessionId: 's-1', streamingId: 'st', permissionId: 'p' };
const context = (settings: NotificationContext['settings']): NotificationContext => ({ settings, machineId: 'box-ab12', signal: new AbortController().signal });

describe('ntfy publishing', () => {
  it('publishes to the server root, or below a path prefix, and to ntfy.sh by default', () => {
    expect(ntfyPublishUrl(undefined)).toBe('https://ntfy.sh/');
    expect(ntfyPublishUrl('https://push.example.com')).toBe('https://push.example.com/');
    expect(ntfyPublishUrl('https://example.com/ntfy')).toBe('https://example.com/ntfy/');
    expect(ntfyPublishUrl('http://127.0.0.1:8080/ntfy/?x=1')).toBe('http://127.0.0.1:8080/ntfy/');
  });

  it('sends topic cui-<machineId>, title, message, tags and priority, and a click link only with a public URL', () => {
    expect(ntfyMessage(notification, context({ enabled: true }))).toEqual({ topic: 'cui-box-ab12', title: 'CUI Permission Request', message: 'Edit: a.txt', tags: ['cui-permission'], priority: 4 });
    expect(ntfyMessage(notification, context({ enabled: true, publicUrl: 'https://cui.example.com/' })).click).toBe('https://cui.example.com/c/s-1');
    expect(sessionLink('https://h.example/base', 'a b')).toBe('https://h.example/base/c/a%20b');
  });

  it('adds Approve/Deny http actions (POST, no body) and Changes only when there is a public URL and the request has links', () => {
    const withLinks: Notification = { ...notification, actions: { approvePath: '/api/notify-actions/AAA', denyPath: '/api/notify-actions/DDD' } };
    expect(ntfyMessage(withLinks, context({ enabled: true })).actions).toBeUndefined();
    expect(ntfyMessage(notification, context({ enabled: true, publicUrl: 'https://cui.example.com' })).actions).toBeUndefined();
    expect(ntfyMessage(withLinks, context({ enabled: true, publicUrl: 'https://cui.example.com/' })).actions).toEqual([
      { action: 'http', label: 'Approve', url: 'https://cui.example.com/api/notify-actions/AAA', method: 'POST', clear: true },
      { action: 'http', label: 'Deny', url: 'https://cui.example.com/api/notify-actions/DDD', method: 'POST', clear: true },
      // Issue 24.5: the conversation with its Changes panel, the notification kept up for Approve/Deny; no token in it.
      { action: 'view', label: 'Changes', url: 'https://cui.example.com/c/s-1?panel=changes', clear: false },
    ]);
    const sessionWithSpace = ntfyMessage({ ...withLinks, sessionId: 'a b' }, context({ enabled: true, publicUrl: 'https://h.example/base' }));
    expect(sessionWithSpace.actions?.[2]?.url).toBe('https://h.example/base/c/a%20b?panel=changes');
  });

  it("gives a finished task's message one button, Changes, to review what it changed, only with a public URL; a schedule's pause none", () => {
    const ended: Notification = { kind: 'run-ended', title: 'Task Finished', message: 'Task completed', tags: ['cui-finished'], priority: 3, sessionId: 's-1', streamingId: 'st' };
    expect(ntfyMessage(ended, context({ enabled: true })).actions).toBeUndefined();
    expect(ntfyMessage(ended, context({ enabled: true, publicUrl: 'https://cui.example.com' })).actions).toEqual([
      { action: 'view', label: 'Changes', url: 'https://cui.example.com/c/s-1?panel=changes', clear: false },
    ]);
    expect(ntfyMessage({ ...ended, kind: 'schedule-paused' }, context({ enabled: true, publicUrl: 'https://cui.example.com' })).actions).toBeUndefined();
  });

  it('posts JSON and rejects on a non-2xx answer', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    let status = 200;
    const fakeFetch: typeof fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(new Response(status === 200 ? '{"id":"x"}' : '{"code":50001,"error":"boom"}', { status }));
    };
    const channel = createNtfyChannel({ fetch: fakeFetch });
    await channel.send(notification, context({ enabled: true, ntfyUrl: 'http://127.0.0.1:1/ntfy' }));
    expect(calls[0]?.url).toBe('http://127.0.0.1:1/ntfy/');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ topic: 'cui-box-ab12', message: 'Edit: a.txt' });
    status = 500;
    await expect(channel.send(notification, context({ enabled: true }))).rejects.toThrow('ntfy answered 500');
  });
});
