/**
 * A huge session's details, whole and in windows: a 50,000-message transcript from the corpus generator
 * (CLI layout: tool results, code, subagent sidechains) served by the real server.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/details-windows.ts [messages=50000] [runs=5]
 *
 * Measures GET /api/conversations/:id whole (raw and with `accept-encoding: br` / `gzip`), its first window
 * (?limit=200) and the walk of every older window (?limit=1000&before=…) down to the first message.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRandom } from './corpus-lines';
import { generateSession } from './generate-corpus';
import { makeE2eDirs, removeE2eDirs } from '../e2e/support/dirs';
import { startCuiServer } from '../e2e/support/server-process';
import { projectDirName } from '../e2e/support/transcripts';
import { ensureWebBuild } from '../e2e/support/web-build';
import { ms, stats } from './bench-stats';

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

async function main(): Promise<void> {
  const messages = Number(process.argv[2] ?? 50_000);
  const runs = Number(process.argv[3] ?? 5);
  const dirs = makeE2eDirs('cui-bench-windows-');
  const cwd = '/home/dev/huge';
  const session = generateSession(createRandom(7), cwd, Date.parse('2026-01-01T00:00:00Z'), messages);
  const file = path.join(dirs.claudeConfigDir, 'projects', projectDirName(cwd), `${session.sessionId}.jsonl`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${session.lines.join('\n')}\n`);
  const server = await startCuiServer({ dirs, webRoot: ensureWebBuild() });
  const get = async (query: string): Promise<{ ms: number; bytes: number; text: string }> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/conversations/${session.sessionId}${query}`, { headers: { authorization: `Bearer ${server.token}`, 'accept-encoding': 'identity' } });
    const text = await response.text();
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text), text };
  };
  /** The whole details as sent with `encoding` (node:http does not decode): time and bytes on the wire. */
  const wire = (encoding: string): Promise<{ ms: number; bytes: number }> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const url = `${server.url}/api/conversations/${session.sessionId}`;
      http.get(url, { headers: { authorization: `Bearer ${server.token}`, 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ ms: performance.now() - started, bytes }));
      }).on('error', reject);
    });
  try {
    await get('?limit=1'); // waits for the first index
    console.log(`transcript: ${messages} messages generated, ${mb(fs.statSync(file).size)}`);
    console.log('| request | median | p95 | response (decoded) |');
    console.log('|---|---|---|---|');
    for (const [name, query] of [['whole details', ''], ['first window, ?limit=200', '?limit=200']] as const) {
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const result = await get(query);
        samples.push(result.ms);
        bytes = result.bytes;
      }
      const s = stats(samples);
      console.log(`| ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${mb(bytes)} |`);
    }
    for (const encoding of ['gzip', 'br']) {
      const sent = await wire(encoding);
      console.log(`| whole details, accept-encoding: ${encoding} (1 run) | ${ms(sent.ms)} | | ${mb(sent.bytes)} on the wire |`);
    }
    const walk: number[] = [];
    let before: number | null = (JSON.parse((await get('?limit=200')).text) as { window: { before: number | null } }).window.before;
    let count = 0;
    while (before !== null) {
      const result = await get(`?limit=1000&before=${before}`);
      walk.push(result.ms);
      const body = JSON.parse(result.text) as { messages: unknown[]; window: { before: number | null } };
      count += body.messages.length;
      before = body.window.before;
    }
    const w = stats(walk);
    console.log(`| each older window, ?limit=1000 (${walk.length} windows, ${count} messages) | ${ms(w.median)} | ${ms(w.p95)} | |`);
  } finally {
    await server.stop();
    removeE2eDirs(dirs);
  }
}

await main();
