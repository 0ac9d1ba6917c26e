import { describe, expect, it } from 'vitest';
import { loggedPath, serializeRequest } from './http-limits';

describe('request log lines', () => {
  it('name the path without its query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/conversations?token=secret', ip: '127.0.0.1' })).toEqual({ method: 'GET', url: '/api/conversations', remoteAddress: '127.0.0.1' });
  });

  it("never hold a notification action link's token, whatever the case of the path", () => {
    const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE';
    expect(loggedPath(`/api/notify-actions/${token}`)).toBe('/api/notify-actions/[redacted]');
    expect(loggedPath(`/API/Notify-Actions/${token}?x=1`)).toBe('/API/Notify-Actions/[redacted]');
    expect(JSON.stringify(serializeRequest({ method: 'POST', url: `/api/notify-actions/${token}` }))).not.toContain(token);
  });
});
