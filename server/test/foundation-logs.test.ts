import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody, LogEntry, RecentLogsResponse } from '@cui/contract';
import { createLogBuffer } from '../src/platform/log-buffer';
import { startTestServer, waitFor, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

/** Reads an event stream body, collecting the `data: ` payloads and comment lines as they arrive. */
function readEventStream(response: Response): { data: string[]; comments: string[]; done: Promise<void> } {
  const data: string[] = [];
  const comments: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (finished) return;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith(':')) comments.push(line);
      }
    }
  })();
  return { data, comments, done };
}

describe('GET /api/logs/recent', () => {
  it('returns the newest raw JSON lines with the structured fields, at most limit of them', async () => {
    const server = await start();
    await server.api('/api/system/status');
    const body = RecentLogsResponse.parse(await (await server.api('/api/logs/recent?limit=3')).json());
    expect(body.logs).toHaveLength(3);
    const entries = body.logs.map((line) => LogEntry.parse(JSON.parse(line)));
    for (const entry of entries) {
      expect(entry).toMatchObject({ level: expect.any(String), time: expect.any(String), pid: process.pid, hostname: expect.any(String) });
    }
    const request = (await (await server.api('/api/logs/recent?limit=50')).json()) as { logs: string[] };
    const statusLog = request.logs.map((line) => JSON.parse(line) as LogEntry).find((e) => e.msg === 'incoming request' && JSON.stringify(e).includes('/api/system/status'));
    expect(statusLog).toMatchObject({ component: 'http', requestId: expect.any(String), level: 'info' });
  });

  it('returns nothing for limit=0 and rejects a bad limit', async () => {
    const server = await start();
    expect(await (await server.api('/api/logs/recent?limit=0')).json()).toEqual({ logs: [] });
    const bad = await server.api('/api/logs/recent?limit=abc');
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(await bad.json()).code).toBe('validation.failed');
  });
});

describe('GET /api/logs/stream', () => {
  it('delivers an entry logged after connecting as a data line, with event-stream headers', async () => {
    const server = await start();
    const controller = new AbortController();
    const response = await server.api('/api/logs/stream', { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const stream = readEventStream(response);
    server.app.log.warn({ marker: 'after-connect-7f3a' }, 'an entry for the stream test');
    const line = await waitFor(() => stream.data.find((d) => d.includes('after-connect-7f3a')), { message: 'the entry reaches the stream' });
    expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: 'an entry for the stream test', marker: 'after-connect-7f3a', component: 'http' });
    // Every data line is a real log entry: nothing the panel would show as a fake one.
    for (const d of stream.data) expect(() => LogEntry.parse(JSON.parse(d))).not.toThrow();
    controller.abort();
  });

  it('drops its subscription when the client goes', async () => {
    const logBuffer = createLogBuffer();
    const server = await start({ logBuffer });
    const baseline = logBuffer.subscriberCount();
    const clients = Array.from({ length: 3 }, () => new AbortController());
    const responses = await Promise.all(clients.map((c) => server.api('/api/logs/stream', { signal: c.signal })));
    const streams = responses.map(readEventStream);
    expect(logBuffer.subscriberCount()).toBe(baseline + 3);
    server.app.log.info('fan-out check');
    await waitFor(() => streams.every((s) => s.data.some((d) => d.includes('fan-out check'))), { message: 'all clients get the entry' });
    for (const c of clients) c.abort();
    await Promise.all(streams.map((s) => s.done));
    await waitFor(() => logBuffer.subscriberCount() === baseline, { message: 'subscriptions are released' });
    server.app.log.info('logging after the clients left still works');
    expect(logBuffer.recent(1)[0]).toContain('logging after the clients left still works');
  });

  it('ends open streams when the server closes', async () => {
    const server = await startTestServer();
    const response = await server.api('/api/logs/stream');
    const stream = readEventStream(response);
    await server.close();
    await stream.done;
  });
});

describe('secrets in logs', () => {
  it('never logs the token, a rejected token or an API key, even at debug level', async () => {
    const logBuffer = createLogBuffer();
    const server = await start({ logBuffer, logLevel: 'trace' });
    const geminiKey = 'AIzaSyNeverLogThisKey-31337';
    const providerKey = 'sk-or-v1-never-log-this-provider-key';
    const wrongToken = 'deadbeefdeadbeefdeadbeefdeadbeef';
    await server.api('/api/system/status');
    await server.api('/api/config');
    await fetch(`${server.url}/api/config`, { headers: { authorization: `Bearer ${wrongToken}` } });
    const update = await server.api('/api/config', {
      method: 'PUT',
      body: JSON.stringify({
        gemini: { apiKey: geminiKey },
        router: { enabled: true, providers: [{ name: 'or', api_base_url: 'https://x.example', api_key: providerKey, models: ['m'] }], rules: {} },
      }),
    });
    expect(update.status).toBe(200);
    await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ gemini: { apiKey: 7 } }) });
    const logs = logBuffer.recent(1000).join('\n');
    expect(logs).toContain('config updated');
    expect(logs).not.toContain(server.token);
    expect(logs).not.toContain(geminiKey);
    expect(logs).not.toContain(providerKey);
    expect(logs).not.toContain(wrongToken);
  });
});
