import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

describe('server skeleton', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 without the token and 200 with it', async () => {
    const anonymous = await fetch(`${server.url}/api/system/status`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Unauthorized', code: 'auth.unauthorized' });
    const status = await server.api('/api/system/status');
    expect(status.status).toBe(200);
    const body = (await status.json()) as { claudeVersion: string; activeConversations: number };
    expect(body.claudeVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.activeConversations).toBe(0);
  });
});
