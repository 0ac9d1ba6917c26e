import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, ERROR_STATUS, ErrorBody, statusForCode } from '@cui/contract';
import { startTestServer, type TestServer } from './helpers';

/*
 * Issue 10 point 7: a seeded fuzz run over the whole route table. Every 4xx/5xx answer must be `{error, code}` with a
 * code of the contract and the status of that code, and nothing may answer 500. Scale it with CUI_FUZZ_COUNT
 * (default 400 requests) and vary it with CUI_FUZZ_SEED.
 */

const COUNT = Number(process.env.CUI_FUZZ_COUNT ?? 400);
const SEED = Number(process.env.CUI_FUZZ_SEED ?? 20261122);

/** mulberry32: small, seeded, good enough to pick cases reproducibly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS = ['00000000-0000-4000-8000-000000000000', 'x', '..', '%2e%2e', '%E0%A4%A', '%00', 'a'.repeat(300), 'ünï', '%25', '', '{}', '*'];
const QUERIES = ['', '?path=/', '?path=/proc/self/pagemap', '?path=/dev/zero', '?limit=-1', '?limit=abc&offset=1e99', '?recursive=maybe', '?%zz=1', `?q=${'x'.repeat(4000)}`, '?a[b]=1&a[c]=2', '?path=relative'];
const BODIES = [
  undefined, '', '{}', '[]', 'null', '"text"', '{"a":', 'not json', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"initialPrompt":"${'p'.repeat(20_000)}","workingDirectory":"/"}`,
  '{"workingDirectory":"/nonexistent","initialPrompt":"hi"}', '{"interface":{"colorScheme":"purple"}}', '{"router":{"rules":{"default":1}}}',
  '{"action":"approve"}', '{"customName":123}', '\u0000\u0001\u0002',
];
const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', ''];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function makeCase(random: () => number, token: string, host: string): Case {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const routes = allRoutes.filter((route) => route.response !== null);
  const route = pick(routes);
  const path = route.path.replace(/:[A-Za-z_]+/g, () => pick(SEGMENTS)) + pick(QUERIES);
  const headers: Record<string, string> = { host };
  if (random() < 0.8) headers.authorization = random() < 0.9 ? `Bearer ${token}` : `Bearer ${'f'.repeat(32)}`;
  const contentType = pick(CONTENT_TYPES);
  if (contentType) headers['content-type'] = contentType;
  if (random() < 0.1) headers.origin = pick(['https://evil.example', 'null', `http://${host}`]);
  if (random() < 0.1) headers['sec-fetch-site'] = pick(['cross-site', 'same-origin', 'none']);
  const method = random() < 0.8 ? route.method : pick(METHODS);
  const body = method === 'GET' || method === 'HEAD' ? undefined : pick(BODIES);
  return { method, path, headers, body };
}

function send(url: string, c: Case): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url + c.path, { method: c.method, headers: c.headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(c.body);
  });
}

function checkError(label: string, status: number, text: string, method: string): void {
  if (status < 400 || method === 'HEAD') return;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  const parsed = ErrorBody.safeParse(json);
  expect({ label, status, body: parsed.success ? 'an error body' : json }).toEqual({ label, status, body: 'an error body' });
  if (!parsed.success) return;
  expect({ label, known: parsed.data.code in ERROR_STATUS }).toEqual({ label, known: true });
  expect({ label, status }).toEqual({ label, status: statusForCode(parsed.data.code) });
}

let server: TestServer;
beforeAll(async () => {
  // A start that gets through validation must not launch a real CLI.
  server = await startTestServer({ claudeExecutablePath: '/nonexistent/claude', authFailureLimit: { max: 100_000, timeWindowMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

describe('HTTP fuzz', () => {
  it(`answers ${COUNT} random requests without a 5xx, every error as {error, code} of the contract`, async () => {
    const random = prng(SEED);
    const host = new URL(server.url).host;
    const statuses = new Map<number, number>();
    for (let i = 0; i < COUNT; i += 1) {
      const c = makeCase(random, server.token, host);
      const { status, body } = await send(server.url, c);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const label = `#${i} ${c.method} ${c.path.slice(0, 80)} body=${(c.body ?? '').slice(0, 40)}`;
      expect({ label, serverError: status >= 500 }).toEqual({ label, serverError: false });
      checkError(label, status, body, c.method);
    }
    // The run reached past the guards: successes and several kinds of refusal.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(3);
  });

  it('answers malformed raw requests with a contract code or closes the connection', async () => {
    const random = prng(SEED + 1);
    const { port } = new URL(server.url);
    const lines = ['GARBAGE\r\n\r\n', 'GET /api/config HTTP/9.9\r\n\r\n', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 'GET /api/config HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'];
    for (let i = 0; i < 20; i += 1) {
      const bytes = i < lines.length ? Buffer.from(lines[i] as string) : Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256)));
      const reply = await new Promise<string>((resolve) => {
        let text = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      });
      if (!reply) continue;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]);
      checkError(`raw #${i}`, status, reply.slice(reply.indexOf('\r\n\r\n') + 4), 'RAW');
    }
  });
});
