import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogBuffer } from '../src/platform/log-buffer';
import { rawRequest } from './foundation-http';
import { startTestServer, type TestServer, type TestServerOptions } from './helpers';

const servers: TestServer[] = [];

async function start(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Writes `text` on a fresh socket and resolves with everything the server sent before closing it. */
function rawExchange(server: TestServer, text: string, options: { keepOpen?: boolean } = {}): Promise<{ reply: string; closedAfterMs: number }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => (options.keepOpen ? socket.write(text) : socket.end(text)));
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve({ reply, closedAfterMs: Date.now() - started }));
  });
}

function bodyOf(reply: string): unknown {
  return JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
}

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, X-Frame-Options, nosniff and a referrer policy on the app and the API', async () => {
    const webRoot = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cui-web-')));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<html><head><script>theme()</script><script type="module" src="/a.js"></script></head></html>');
    const server = await start({ webRoot });
    for (const response of [await fetch(`${server.url}/`), await fetch(`${server.url}/c/some-id`), await server.api('/api/config'), await fetch(`${server.url}/api/config`)]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      // The inline theme script is allowed by its hash, and nothing else inline.
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
});

describe('error bodies', () => {
  it('answers oversized headers (431), over-long parameters (414), malformed URLs and garbage with a contract code', async () => {
    const server = await start();
    const auth = { authorization: `Bearer ${server.token}` };
    const bigHeader = await rawRequest(`${server.url}/api/config`, { headers: { ...auth, 'x-filler': 'a'.repeat(20_000) } });
    expect({ status: bigHeader.status, body: JSON.parse(bigHeader.body) }).toEqual({ status: 431, body: { error: 'Request headers too large', code: 'request.header_too_large' } });
    const longParam = await server.api(`/api/conversations/${'a'.repeat(500)}`);
    const lp: unknown = await longParam.json();
    expect({ status: longParam.status, body: lp }).toEqual({ status: 414, body: { error: 'URL too long', code: 'request.url_too_long' } });
    const badUrl = await rawRequest(`${server.url}/api/%E0%A4%A`, { headers: auth });
    expect({ status: badUrl.status, body: JSON.parse(badUrl.body) }).toEqual({ status: 400, body: { error: 'Malformed URL', code: 'request.bad_url' } });
    // @fastify/cors answers this in plain text by itself; the body guard turns it into a contract error.
    const preflight = await rawRequest(`${server.url}/api/config`, { method: 'OPTIONS', headers: { ...auth, origin: server.url } });
    expect({ status: preflight.status, body: JSON.parse(preflight.body) }).toEqual({ status: 400, body: { error: 'Invalid Preflight Request', code: 'validation.failed' } });
    const garbage = await rawExchange(server, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(garbage.reply)).toEqual({ error: 'Malformed HTTP request', code: 'request.malformed' });
  });

  it('answers deeply nested JSON with 400 request.invalid_json instead of overflowing the stack (500)', async () => {
    const server = await start();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const body = `{"router":{"providers":[{"name":"x","api_base_url":"x","api_key":"k","models":[],"transformer":{"use":${deep}}}]}}`;
    const response = await server.api('/api/config', { method: 'PUT', body });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { error: 'Invalid JSON: nested deeper than 64 levels', code: 'request.invalid_json' } });
    expect((await server.api('/api/config', { method: 'PUT', body: '{"interface":{"colorScheme":"dark"}}' })).status).toBe(200);
  });
});

describe('request log', () => {
  it('writes the path of a request but never its query string', async () => {
    const logBuffer = createLogBuffer();
    const server = await start({ logBuffer });
    await server.api('/api/config?secret=hunter2-in-the-query');
    await fetch(`${server.url}/api/config?other=hunter2-without-token`);
    const lines = logBuffer.recent(1000);
    expect(lines.some((line) => line.includes('"url":"/api/config"'))).toBe(true);
    expect(lines.filter((line) => line.includes('hunter2'))).toEqual([]);
  });
});

describe('timeouts', () => {
  const fast = { requestMs: 400, headersMs: 400, checkIntervalMs: 50 };
  const trickle = (server: TestServer, headers: string): string =>
    `PUT /api/config HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n${headers}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"inter`;

  it('cuts off a client trickling a body, with or without the token, with 408 request.timeout', async () => {
    const server = await start({ httpTimeouts: fast });
    for (const headers of ['', `Authorization: Bearer ${server.token}\r\n`]) {
      const { reply, closedAfterMs } = await rawExchange(server, trickle(server, headers), { keepOpen: true });
      expect(closedAfterMs).toBeLessThan(5000);
      if (headers) expect(bodyOf(reply.slice(reply.lastIndexOf('HTTP/1.1')))).toEqual({ error: 'Request timed out', code: 'request.timeout' });
    }
  });

  it('cuts off a client that never finishes its headers', async () => {
    const server = await start({ httpTimeouts: fast });
    const { reply, closedAfterMs } = await rawExchange(server, `GET /api/config HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n`, { keepOpen: true });
    expect(closedAfterMs).toBeLessThan(5000);
    expect(bodyOf(reply)).toEqual({ error: 'Request timed out', code: 'request.timeout' });
  });

  it('closes at once while an upload is stalled', async () => {
    const server = await start();
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(trickle(server, `Authorization: Bearer ${server.token}\r\n`));
    const closedAt = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    await servers.splice(0)[0]?.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await closedAt;
  });
});
