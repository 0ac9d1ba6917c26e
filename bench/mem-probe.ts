/**
 * Where the server's resident set goes, by kind of use: phases run one after another on one server, e.g.
 *   npx tsx --tsconfig tsconfig.server.json bench/mem-probe.ts --sessions 2000 --phases idle:10,search:60,idle:20
 * Kinds: idle, search, windows, lists, runs, mixed (all three + runs). At each phase's end: VmRSS and smaps by kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { WORDS } from './corpus-lines';
import { runLoop, startRunServer } from './run-loop';
import { searchBacklog } from './search-backlog';
import { BENCH_ROOT, BENCH_TOKEN, bundleServer, type BenchServer } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' }, phases: { type: 'string', default: 'idle:5' }, checkout: { type: 'string', default: '' }, encoding: { type: 'string', default: '' } } });

async function get(server: BenchServer, url: string): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${BENCH_TOKEN}` };
  if (values.encoding) headers['accept-encoding'] = values.encoding;
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

function smaps(pid: number): string {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const kinds = new Map<string, { rss: number; anon: number; n: number }>();
  let kind = '';
  let size = 0;
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      kind = name === '' ? 'anon' : name.startsWith('/') ? (name.includes('/node') && !name.includes('node_modules') ? 'node-binary' : name.endsWith('.node') ? 'addon:' + path.basename(name) : name.includes('.so') ? 'so' : 'file:' + path.basename(name)) : name;
      continue;
    }
    const m = /^(Size|Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (!m) continue;
    if (m[1] === 'Size') { size = Number(m[2]); continue; }
    const key = kind === 'anon' ? (size === 65536 || size >= 60000 ? 'anon>=60M' : size >= 1024 ? 'anon 1-60M' : 'anon<1M') : kind;
    const e = kinds.get(key) ?? { rss: 0, anon: 0, n: 0 };
    if (m[1] === 'Rss') { e.rss += Number(m[2]); e.n += 1; } else e.anon += Number(m[2]);
    kinds.set(key, e);
  }
  return [...kinds.entries()].filter(([, v]) => v.rss > 512).sort((a, b) => b[1].rss - a[1].rss)
    .map(([k, v]) => `${k}=${(v.rss / 1024).toFixed(1)}(${v.n})`).join(' ');
}

function status(pid: number): string {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (f: string): number => Number(new RegExp(`${f}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) / 1024;
  const threads = /Threads:\s+(\d+)/.exec(s)?.[1];
  return `rss ${kb('VmRSS').toFixed(0)} (anon ${kb('RssAnon').toFixed(0)} file ${kb('RssFile').toFixed(0)}) hwm ${kb('VmHWM').toFixed(0)} threads ${threads}`;
}

const until = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function use(server: BenchServer, kind: string, seconds: number): Promise<number> {
  const start = performance.now();
  let n = 0;
  let sessionIds: string[] = [];
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const offset = (i * 37) % Math.max(1, sessions - 20);
    if (kind === 'lists' || kind === 'mixed' || (kind === 'windows' && sessionIds.length === 0) || (kind === 'windows' && i % 20 === 0)) {
      const page = (await get(server, `/api/conversations?limit=20&offset=${offset}&sortBy=updated&order=desc`)) as { conversations: { sessionId: string }[] };
      sessionIds = page.conversations.map((c) => c.sessionId);
      n++;
    }
    if (kind === 'windows' || kind === 'mixed') {
      const id = sessionIds[i % sessionIds.length];
      if (id) await get(server, `/api/conversations/${id}?limit=50`);
      n++;
    }
    if (kind === 'search' || kind === 'mixed') {
      const word = WORDS[i % WORDS.length] ?? 'parser';
      await get(server, `/api/search?q=${encodeURIComponent(i % 3 === 0 ? `${word}${i % 80}` : word)}&limit=20`);
      n++;
    }
    await until(100);
  }
  return n;
}

async function main(): Promise<void> {
  const bundle = values.checkout ? await bundleServer(values.checkout, 'sessions-server-baseline') : undefined;
  const { server, cuiHome, work, close } = await startRunServer(corpus, { CUI_BENCH_MEMORY: '1', CUI_BENCH_GC_SIGNAL: '1', ...(process.env.CUI_BENCH_ALLOC_PROFILE ? { CUI_BENCH_ALLOC_PROFILE: process.env.CUI_BENCH_ALLOC_PROFILE } : {}) }, bundle);
  const pid = server.child.pid as number;
  const t0 = performance.now();
  const note = (phase: string): void => {
    console.error(`PHASE ${phase} @${((performance.now() - t0) / 1000).toFixed(0)}s ${status(pid)}\n  ${smaps(pid)}`);
  };
  note('listening');
  await get(server, '/api/conversations?limit=20&sortBy=updated&order=asc');
  const backlog = searchBacklog(cuiHome);
  await backlog.caughtUp();
  backlog.close();
  note('caught-up');
  if (process.env.MEM_PROBE_KEEP_DB) {
    const db = new Database(path.join(cuiHome, 'cui.db'), { readonly: true });
    await db.backup(process.env.MEM_PROBE_KEEP_DB);
    db.close();
  }
  for (const phase of values.phases.split(',')) {
    const [kind = 'idle', secs = '10'] = phase.split(':');
    const seconds = Number(secs);
    if (kind === 'idle') await until(seconds * 1000);
    else if (kind === 'profile') {
      process.kill(pid, 'SIGUSR2');
      await until(seconds * 1000);
    } else if (kind === 'gc') {
      process.kill(pid, 'SIGUSR2');
      await until(seconds * 1000);
    }
    else if (kind === 'runs') {
      const runs = runLoop(server, work);
      await until(seconds * 1000);
      await runs.stop();
      note(`${phase} (${runs.runs()} runs)`);
      continue;
    } else if (kind === 'mixed') {
      const runs = runLoop(server, work);
      const n = await use(server, kind, seconds);
      await runs.stop();
      note(`${phase} (${n} req, ${runs.runs()} runs)`);
      continue;
    } else {
      const n = await use(server, kind, seconds);
      note(`${phase} (${n} req)`);
      continue;
    }
    note(phase);
  }
  await close();
}

await main();
