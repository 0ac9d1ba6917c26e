import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyDependencies, requireBuiltins, SERVER_BANNER, SERVER_EXTERNAL } from '../../scripts/server-bundle-options.mjs';
import { ROOT } from './launcher';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-compress-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The server's compression, bundled as scripts/build.mjs bundles the server: a JSON reply worth compressing, then a
 * fetch Response sent as a reply. Prints whether Node's fetch implementation (undici) was loaded by the JSON reply.
 */
const ENTRY = `
import http from 'node:http';
import Fastify from 'fastify';
import { installCompression } from '${path.join(ROOT, 'server/src/platform/compression.ts')}';

const app = Fastify();
await installCompression(app);
app.get('/json', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'a compressible line of text' })) }));
app.get('/fetch-response', async () => new (globalThis.Response)('from a fetch Response', { status: 203, headers: { 'x-from': 'response' } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
const get = (url) => new Promise((resolve, reject) => {
  http.get({ port, host: '127.0.0.1', path: url, headers: { 'accept-encoding': 'gzip' } }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], from: res.headers['x-from'], bytes: Buffer.concat(chunks).length }));
  }).on('error', reject);
});
const json = await get('/json');
const fetchLoaded = process.moduleLoadList.some((name) => name.includes('undici'));
const fetched = await get('/fetch-response');
console.log(JSON.stringify({ json, fetchLoaded, fetched }));
await app.close();
`;

describe('the server bundle: compression', () => {
  it("answers without loading Node's fetch implementation, and still sends a fetch Response as one", async () => {
    fs.writeFileSync(path.join(dir, 'entry.mjs'), ENTRY);
    const esbuild = await import('esbuild');
    const outfile = path.join(dir, 'out.mjs');
    await esbuild.build({
      entryPoints: [path.join(dir, 'entry.mjs')], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'silent',
      nodePaths: [path.join(ROOT, 'node_modules')], external: SERVER_EXTERNAL, banner: SERVER_BANNER, plugins: [requireBuiltins, lazyDependencies],
    });
    const out = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: 'utf8' })) as {
      json: { status: number; encoding?: string };
      fetchLoaded: boolean;
      fetched: { status: number; from?: string; bytes: number };
    };
    expect(out.json).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(out.fetchLoaded).toBe(false);
    expect(out.fetched).toMatchObject({ status: 203, from: 'response' });
  }, 60_000);
});
