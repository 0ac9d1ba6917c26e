import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, startTestServer, type TestServer } from './helpers';
import { openStream, startOk } from './runs-support';

/** Compression (issue 11 §3): JSON and static assets are compressed when asked; streams never are. */

let fake: FakeAnthropic;
let server: TestServer;
let webRoot: string;
const APP_JS = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(async () => {
  const dirs = makeTestDirs();
  webRoot = path.join(dirs.root, 'web');
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>cui</title>');
  fs.writeFileSync(path.join(webRoot, 'assets/app.js'), APP_JS);
  // A precompressed copy that differs from what on-the-fly compression would give: proves it is the one sent.
  fs.writeFileSync(path.join(webRoot, 'assets/app.js.br'), zlib.brotliCompressSync(APP_JS, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(path.join(webRoot, 'assets/app.js.gz'), zlib.gzipSync(APP_JS, { level: 9 }));
  fake = await startFakeAnthropic();
  server = await startTestServer({ dirs, webRoot, anthropicBaseUrl: fake.url });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A directory listing large enough (> 1 KB of JSON) to be worth compressing. */
function bigDirectory(): string {
  const dir = path.join(server.dirs.work, 'many-files');
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 100; i++) fs.writeFileSync(path.join(dir, `file-${i}.txt`), 'x');
  return dir;
}

describe('compression', () => {
  it('compresses JSON responses with the encoding the client asks for, and not without one', async () => {
    const query = `/api/filesystem/list?path=${encodeURIComponent(bigDirectory())}`;
    for (const encoding of ['br', 'gzip']) {
      const response = await server.api(query, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(((await response.json()) as { entries: unknown[] }).entries).toHaveLength(100);
    }
    const plain = await server.api(query, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('serves the build\'s precompressed assets as they are', async () => {
    const response = await fetch(`${server.url}/assets/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBe(String(fs.statSync(path.join(webRoot, 'assets/app.js.gz')).size));
    expect(await response.text()).toBe(APP_JS);
    const br = await fetch(`${server.url}/assets/app.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
  });

  it('never compresses the NDJSON run stream or the log stream', async () => {
    const repo = makeRepo(path.join(server.dirs.work, 'stream-repo'));
    const started = await startOk(server, { workingDirectory: repo, initialPrompt: 'Say hello' });
    const stream = await openStream(server, started.streamingId);
    expect(stream.contentType).toMatch(/application\/x-ndjson/);
    await stream.ended;
    const raw = await server.api(`/api/stream/${started.streamingId}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    await raw.body?.cancel();

    const logs = new AbortController();
    const logStream = await server.api('/api/logs/stream', { headers: { 'accept-encoding': 'gzip, br' }, signal: logs.signal });
    expect(logStream.status).toBe(200);
    expect(logStream.headers.get('content-encoding')).toBeNull();
    logs.abort();
  });
});
