/**
 * Full-text search benchmark (issue 17): on a generated corpus, a cold index (empty CUI_HOME) until the first list
 * page answers, then search latency over HTTP for a mix of queries, the database's size on disk (the search tables'
 * share from SQLite's dbstat), then a warm restart (the kept index) until the first list page answers.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/search.ts [--sessions 10000] [--rounds 20] [--baseline <dir>]
 *
 * With --baseline (another checkout, e.g. `git archive main` unpacked with a node_modules link) the cold index and
 * the warm restart are measured for it too, alternated with this checkout, so both share one machine load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ms, stats } from './bench-stats';
import { ensureCorpus } from './generate-corpus';
import { searchBacklog } from './search-backlog';
import { BENCH_ROOT, bundleServer, get, startServer, stopServer, type BenchServer } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '20' }, baseline: { type: 'string' } } });
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

/** The corpus's words are few and everywhere: most of these match thousands of messages (the capped path). */
const QUERIES: Record<string, string[]> = {
  'common word': ['parser', 'database', 'timeout', 'unicode'],
  'two words': ['memory leak', 'cache invalidate', 'worker pool'],
  'identifier / substring': ['parser12', 'arser_', 'igratio', 'config(1'],
  'no match': ['zebrafish', 'qqqxxyy'],
  'under 3 characters (LIKE fallback)': ['ca', 'lo'],
};

const LIST = '/api/conversations?limit=20&sortBy=updated&order=desc';

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function dbSize(cuiHome: string): { totalMb: number; searchMb: number | undefined } {
  const file = path.join(cuiHome, 'cui.db');
  const size = (name: string): number => (fs.existsSync(name) ? fs.statSync(name).size : 0);
  const totalMb = (size(file) + size(`${file}-wal`)) / 1e6;
  const db = new Database(file, { readonly: true });
  try {
    const bytes = db.prepare("SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'session_text%'").pluck().get() as number | null;
    return { totalMb, searchMb: (bytes ?? 0) / 1e6 };
  } catch {
    return { totalMb, searchMb: undefined }; // no dbstat in this SQLite build
  } finally {
    db.close();
  }
}

async function searchLatency(server: BenchServer, rounds: number): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const [kind, queries] of Object.entries(QUERIES)) {
      for (const q of queries) (samples[kind] ??= []).push(await timed(() => get(server, `/api/search?q=${encodeURIComponent(q)}&limit=20&archived=false&hasContinuation=false`)));
    }
  }
  return samples;
}

interface Checkout {
  name: string;
  bundle: string;
}

/** Resolves once the search index holds every saved message. */
async function searchCaughtUp(cuiHome: string): Promise<void> {
  const backlog = searchBacklog(cuiHome);
  try {
    await backlog.caughtUp();
  } finally {
    backlog.close();
  }
}

async function coldAndWarm(checkout: Checkout, rounds: number): Promise<{ cold: number; searchable?: number; warm: number; size: ReturnType<typeof dbSize>; search?: Record<string, number[]>; afterRestart?: Record<string, number[]> }> {
  const cuiHome = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-search-'));
  let server = await startServer(checkout.bundle, { cuiHome, corpus });
  const started = performance.now();
  await get(server, LIST);
  const cold = performance.now() - started;
  const mine = checkout.name === 'this';
  if (mine) await searchCaughtUp(cuiHome);
  const searchable = performance.now() - started;
  const search = mine ? await searchLatency(server, rounds) : undefined;
  await stopServer(server);
  const size = dbSize(cuiHome);
  server = await startServer(checkout.bundle, { cuiHome, corpus });
  const warm = await timed(() => get(server, LIST));
  // Again after the restart: the index as it stays once built (no catch-up, the WAL checkpointed by the close).
  const afterRestart = mine ? await searchLatency(server, rounds) : undefined;
  await stopServer(server);
  fs.rmSync(cuiHome, { recursive: true, force: true });
  return { cold, warm, size, ...(search && afterRestart ? { search, afterRestart, searchable } : {}) };
}

async function main(): Promise<void> {
  ensureCorpus(corpus, sessions);
  const checkouts: Checkout[] = [{ name: 'this', bundle: await bundleServer() }];
  if (values.baseline) checkouts.push({ name: 'baseline', bundle: await bundleServer(path.resolve(values.baseline), 'baseline-server') });
  const lines: string[] = [];
  const all: Record<string, number[]> = {};
  for (const checkout of checkouts) {
    const result = await coldAndWarm(checkout, Number(values.rounds));
    console.error(`${checkout.name}: cold index ${ms(result.cold)}, warm restart ${ms(result.warm)}, db ${result.size.totalMb.toFixed(1)} MB`);
    lines.push(`| ${checkout.name}: first list page, cold index (from listening) | ${ms(result.cold)} |`, `| ${checkout.name}: first list page, warm restart | ${ms(result.warm)} |`);
    if (result.searchable !== undefined) lines.push(`| ${checkout.name}: every message searchable, cold index (from listening) | ${ms(result.searchable)} |`);
    lines.push(`| ${checkout.name}: cui.db on disk | ${result.size.totalMb.toFixed(1)} MB${result.size.searchMb === undefined ? '' : ` (search tables ${result.size.searchMb.toFixed(1)} MB)`} |`);
    for (const [when, samplesByKind] of [['just built', result.search], ['after a restart', result.afterRestart]] as const) {
      for (const [kind, samples] of Object.entries(samplesByKind ?? {})) {
        const s = stats(samples);
        lines.push(`| search ${when}, ${kind}: median / p95 / max (n) | ${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)} (${s.n}) |`);
        (all[when] ??= []).push(...samples);
      }
    }
  }
  const text = [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end.`,
    '',
    '| measurement | value |',
    '|---|---|',
    ...lines,
    ...Object.entries(all).map(([when, samples]) => {
      const s = stats(samples);
      return `| search ${when}, every query: median / p95 (n) | ${ms(s.median)} / ${ms(s.p95)} (${s.n}) |`;
    }),
  ].join('\n');
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `search-${sessions}.md`), `${text}\n`);
  console.log(text);
}

await main();
