import { afterEach, describe, expect, it } from 'vitest';
import { allRoutes, PublicConfig } from '@cui/contract';
import { rawRequest } from './foundation-http';
import { startTestServer, waitFor, type TestServer } from './helpers';

const DUMMY_ID = '00000000-0000-4000-8000-000000000000';
const servers: TestServer[] = [];

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function routeUrl(server: TestServer, path: string): string {
  return server.url + path.replace(/:[A-Za-z_]+/g, DUMMY_ID);
}

describe('authentication', () => {
  it('answers 401 {error: "Unauthorized"} on every route of the contract without a token', async () => {
    const server = await start({ authFailureLimit: { max: 10_000, timeWindowMs: 60_000 } });
    expect(allRoutes.length).toBeGreaterThan(10);
    // A capability route's URL is its credential (a notification's Approve/Deny): without a valid one it is 404.
    const capability = allRoutes.filter((route) => route.auth === 'capability');
    expect(capability.map((route) => route.name)).toEqual(['decideFromNotification']);
    for (const route of capability) {
      const response = await fetch(routeUrl(server, route.path), { method: route.method });
      expect(await response.json()).toEqual({ error: expect.any(String), code: 'permission.not_found' });
    }
    for (const route of allRoutes.filter((r) => r.auth === undefined)) {
      const init: RequestInit = { method: route.method };
      if (route.method !== 'GET') Object.assign(init, { body: '{}', headers: { 'content-type': 'application/json' } });
      const response = await fetch(routeUrl(server, route.path), init);
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
      expect(await response.json()).toEqual({ error: 'Unauthorized', code: 'auth.unauthorized' });
    }
  });

  it('answers 401 for a wrong token, a non-Bearer scheme, unknown /api paths and percent-encoded API paths', async () => {
    const server = await start();
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/config', { authorization: 'Bearer 0123456789abcdef0123456789abcdef' }],
      ['/api/config', { authorization: `Basic ${server.token}` }],
      ['/api/config', { authorization: server.token }],
      ['/api/no-such-route', {}],
      ['/API/config', {}],
      ['/%61pi/config', {}],
      ['/%61%70%69/system/status', {}],
    ];
    for (const [path, headers] of cases) {
      const response = await fetch(server.url + path, { headers });
      expect(response.status).toBe(401);
    }
  });

  it('accepts the right token with any case of the Bearer scheme', async () => {
    const server = await start();
    expect((await server.api('/api/config')).status).toBe(200);
    expect((await fetch(`${server.url}/api/config`, { headers: { authorization: `bearer ${server.token}` } })).status).toBe(200);
  });

  it('accepts the --token override instead of the config token', async () => {
    const override = 'abcdefabcdefabcdefabcdefabcdef12';
    const server = await start({ token: override });
    expect((await server.api('/api/system/status')).status).toBe(200);
  });

  it('answers 429 to failed attempts once a client has failed too often, while the right token still works', async () => {
    const server = await start({ authFailureLimit: { max: 5, timeWindowMs: 60_000 } });
    const bad = { authorization: 'Bearer ffffffffffffffffffffffffffffffff' };
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${server.url}/api/config`, { headers: bad })).status).toBe(401);
    const limited = await fetch(`${server.url}/api/config`, { headers: bad });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many authentication attempts. Try again later.', code: 'auth.rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/api/config`)).status).toBe(429);
    expect((await server.api('/api/config')).status).toBe(200);
  });

  it('lets failed attempts through to 401 again after the window', async () => {
    const server = await start({ authFailureLimit: { max: 2, timeWindowMs: 300 } });
    for (let i = 0; i < 3; i += 1) await fetch(`${server.url}/api/config`);
    expect((await fetch(`${server.url}/api/config`)).status).toBe(429);
    await waitFor(async () => (await fetch(`${server.url}/api/config`)).status === 401, { message: 'the lockout ends' });
  });

  it('refuses 40 token-less requests of a foreign page before they count, so the right token and a later mistake are unaffected', async () => {
    const server = await start();
    const host = new URL(server.url).host;
    const foreign: Array<Record<string, string>> = [
      { host, origin: 'https://evil.example' },
      { host, origin: 'http://localhost:8080' },
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site' },
    ];
    for (let i = 0; i < 40; i += 1) {
      const response = await rawRequest(`${server.url}/api/config`, { headers: foreign[i % foreign.length] });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: 'Cross-origin request refused', code: 'request.forbidden_origin' });
    }
    expect((await server.api('/api/config')).status).toBe(200);
    // None of the 40 counted: a plain mistake is still a 401, not a 429.
    expect((await fetch(`${server.url}/api/config`)).status).toBe(401);
    const own = await rawRequest(`${server.url}/api/config`, { headers: { host, 'sec-fetch-site': 'same-origin', authorization: `Bearer ${server.token}` } });
    expect(own.status).toBe(200);
  });

  it('never throttles successful requests', async () => {
    const server = await start({ authFailureLimit: { max: 3, timeWindowMs: 60_000 } });
    const statuses = await Promise.all(Array.from({ length: 200 }, () => server.api('/api/system/status').then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

describe('request safety', () => {
  it('answers 413 with a JSON body for a request body over the limit', async () => {
    const server = await start({ bodyLimit: 1024 });
    const response = await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { language: 'x'.repeat(4096) } }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Request body too large', code: 'request.too_large' });
  });

  it('refuses a Host that is not a loopback name with the bound port (DNS rebinding)', async () => {
    const server = await start();
    const port = new URL(server.url).port;
    const auth = { authorization: `Bearer ${server.token}` };
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:1`, `localhost.evil.example:${port}`]) {
      const response = await rawRequest(`${server.url}/api/config`, { headers: { ...auth, host } });
      expect({ host, status: response.status }).toEqual({ host, status: 403 });
      expect(JSON.parse(response.body)).toEqual({ error: 'Forbidden host', code: 'request.forbidden_host' });
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `127.1.2.3:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const response = await rawRequest(`${server.url}/api/config`, { headers: { ...auth, host } });
      expect({ host, status: response.status }).toEqual({ host, status: 200 });
    }
  });

  it('refuses a foreign Host for static pages too', async () => {
    const server = await start();
    expect((await rawRequest(`${server.url}/`, { headers: { host: 'attacker.example' } })).status).toBe(403);
  });

  it('grants no CORS allowance to a foreign origin and refuses its state-changing requests', async () => {
    const server = await start();
    const host = new URL(server.url).host;
    const auth = { authorization: `Bearer ${server.token}`, host };
    const read = await rawRequest(`${server.url}/api/config`, { headers: { ...auth, origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await rawRequest(`${server.url}/api/config`, {
      method: 'OPTIONS',
      headers: { host, origin: 'https://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const write = await rawRequest(`${server.url}/api/config`, {
      method: 'PUT',
      headers: { ...auth, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ interface: { colorScheme: 'dark' } }),
    });
    expect(write.status).toBe(403);
    expect(JSON.parse(write.body)).toEqual({ error: 'Cross-origin request refused', code: 'request.forbidden_origin' });
    expect(PublicConfig.parse(await (await server.api('/api/config')).json()).interface.colorScheme).toBe('system');
  });

  it('accepts state-changing requests from its own origin', async () => {
    const server = await start();
    const response = await rawRequest(`${server.url}/api/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}`, host: new URL(server.url).host, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ interface: { colorScheme: 'dark' } }),
    });
    expect(response.status).toBe(200);
  });
});
