import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, buildPath, isStreamRoute } from '@cui/contract';
import { startTestServer, type TestServer } from './helpers';

const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the route table on the server', () => {
  it('has a handler registered for every route, answering in line with the contract', async () => {
    for (const route of allRoutes) {
      const params = Object.fromEntries([...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => [match[1], DUMMY_ID]));
      const controller = new AbortController();
      const init: RequestInit = { method: route.method, signal: controller.signal, ...(route.method === 'GET' ? {} : { body: '{}' }) };
      // server.api checks the answer against the contract (contract-check.ts): a wrong shape fails here.
      const response = await server.api(buildPath(route.path, params), init);
      const code = response.ok ? undefined : ((await response.json()) as { code: string }).code;
      if (isStreamRoute(route)) controller.abort();
      expect({ route: route.name, code }).not.toEqual({ route: route.name, code: 'route.not_found' });
    }
  });

  it('refuses a multipart body on a JSON-only route with 415, the upload parser notwithstanding', async () => {
    const form = new FormData();
    form.append('interface', 'x');
    form.append('file', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
    const response = await server.api('/api/config', { method: 'PUT', body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'request.unsupported_media_type' });
  });
});
