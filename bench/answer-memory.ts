/**
 * What one kind of request does to the server's resident set (issue 28 point 5): the bundled server on a copy of an
 * existing 10,000-session index (the one bench/launch.ts --sessions 10000 keeps in $TMPDIR), then `--requests` of one
 * kind, one after another, as a browser asks them (`accept-encoding: gzip`, or `--encoding`): `list` (list pages),
 * `details` (a list page, then a conversation window of 50 messages from it) or `search`. Prints the resident set
 * before and after, its peak and the time taken. (CUI_BENCH_MEMORY=1 in the environment makes the server print its
 * memory by kind every 2 s, ArrayBuffers included.)
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/answer-memory.ts --kind list --requests 3000 [--encoding identity]
 *     [--index <CUI_HOME to copy>] [--corpus <CLAUDE_CONFIG_DIR the index was built from>]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WORDS } from './corpus-lines';
import { BENCH_ROOT, BENCH_TOKEN, bundleServer, startServer, stopServer, type BenchServer } from './server-process';

const { values } = parseArgs({ options: { kind: { type: 'string', default: 'list' }, requests: { type: 'string', default: '3000' }, encoding: { type: 'string', default: 'gzip' }, index: { type: 'string' }, corpus: { type: 'string' } } });
const index = values.index ?? path.join(os.tmpdir(), 'cui-bench-index-s10000-this');
// The index holds its transcripts' paths: a checkout measured against another (a baseline) passes the same corpus.
const corpus = values.corpus ?? path.join(BENCH_ROOT, 'bench', '.corpus', 's10000');

async function get(server: BenchServer, url: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'accept-encoding': values.encoding as string } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

function status(pid: number): { rss: number; peak: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(index, 'cui.db'))) throw new Error(`no index at ${index}: run bench/launch.ts --sessions 10000 first`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-answers-'));
  execFileSync('cp', ['-r', index, path.join(scratch, 'cui')]);
  fs.rmSync(path.join(scratch, 'cui', 'cui.db.damage-found'), { force: true });
  const server = await startServer(await bundleServer(), { cuiHome: path.join(scratch, 'cui'), corpus, env: { HOME: scratch } });
  const pid = server.child.pid as number;
  await get(server, '/api/conversations?limit=20&sortBy=updated&order=asc');
  // The start-up sweep and the check after start-up come and go first.
  await new Promise((resolve) => setTimeout(resolve, 8000));
  const before = status(pid);
  const requests = Number(values.requests);
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const offset = (i * 37) % 9980;
    if (values.kind === 'search') {
      const word = WORDS[i % WORDS.length] ?? 'parser';
      await get(server, `/api/search?q=${encodeURIComponent(i % 3 === 0 ? `${word}${i % 80}` : word)}&limit=20`);
      continue;
    }
    const page = (await get(server, `/api/conversations?limit=20&offset=${offset}&sortBy=updated&order=desc`)) as { conversations: { sessionId: string }[] };
    const sessionId = page.conversations[i % page.conversations.length]?.sessionId;
    if (values.kind === 'details' && sessionId) await get(server, `/api/conversations/${sessionId}?limit=50`);
  }
  const took = performance.now() - started;
  const after = status(pid);
  await stopServer(server);
  fs.rmSync(scratch, { recursive: true, force: true });
  console.log(`| ${values.kind} × ${requests}, accept-encoding: ${values.encoding} | ${(took / 1000).toFixed(1)} s | ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MiB | ${after.peak.toFixed(0)} MiB |`);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
}

await main();
