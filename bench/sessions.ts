/**
 * Sessions index benchmark: starts the real server (buildApp, bundled with esbuild, in a child process so
 * that memory and CPU are the server's own) on a generated transcript corpus and measures the list, detail
 * and working-directory endpoints. Not a test: it prints a markdown table (and writes bench/results/).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/sessions.ts [--sessions 2000] [--corpus bench/.corpus/s2000]
 *   npm run bench -- --sessions 10000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, row, stats, timeEach, type Stats } from './bench-stats';
import { createRandom } from './corpus-lines';
import { generateCorpus, type CorpusManifest } from './generate-corpus';
import { BENCH_ROOT, bundleServer, get, procStats, startServer, stopServer, type BenchServer } from './server-process';

const root = BENCH_ROOT;
const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '2000' },
    corpus: { type: 'string' },
    'cold-runs': { type: 'string', default: '3' },
    'restart-runs': { type: 'string', default: '5' },
    'concurrent-seconds': { type: 'string', default: '5' },
  },
});
const sessions = Number(values.sessions);
const corpus = path.resolve(values.corpus ?? path.join(root, 'bench', '.corpus', `s${sessions}`));
type Server = BenchServer;

function ensureCorpus(): CorpusManifest {
  const manifestPath = path.join(corpus, 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`generating ${sessions} sessions into ${corpus} …`);
    generateCorpus({ sessions, out: corpus });
  }
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as CorpusManifest;
}

/** First list page right after the server listens; returns wall ms, server CPU ms and peak RSS. */
async function firstPage(bundle: string, cuiHome: string, keep: boolean): Promise<{ wall: number; cpu: number; rss: number; server?: Server }> {
  const server = await startServer(bundle, { cuiHome, corpus });
  const before = procStats(server.child.pid as number);
  const started = performance.now();
  await get(server, '/api/conversations?limit=20&sortBy=updated&order=desc');
  const wall = performance.now() - started;
  const after = procStats(server.child.pid as number);
  if (!keep) await stopServer(server);
  return { wall, cpu: after.cpuMs - before.cpuMs, rss: after.peakRssMb, ...(keep ? { server } : {}) };
}

async function concurrent(server: Server, total: number, seconds: number): Promise<{ rps: number; latency: Stats }> {
  const rand = createRandom(7);
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await get(server, `/api/conversations?limit=20&offset=${rand.int(0, Math.max(0, total - 20))}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  return { rps: latencies.length / ((performance.now() - started) / 1000), latency: stats(latencies) };
}

async function main(): Promise<void> {
  const manifest = ensureCorpus();
  const bundle = await bundleServer();
  const coldRuns = Number(values['cold-runs']);
  const restartRuns = Number(values['restart-runs']);
  const homes: string[] = [];
  const cold: { wall: number; cpu: number; rss: number }[] = [];
  for (let r = 0; r < coldRuns; r++) {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-'));
    homes.push(home);
    cold.push(await firstPage(bundle, home, false));
    console.error(`cold run ${r + 1}: ${ms(cold.at(-1)!.wall)} (server CPU ${ms(cold.at(-1)!.cpu)})`);
  }
  const home = homes.at(-1) as string;
  const restart: { wall: number; rss: number }[] = [];
  let server: Server | undefined;
  for (let r = 0; r < restartRuns; r++) {
    const result = await firstPage(bundle, home, r === restartRuns - 1);
    restart.push(result);
    server = result.server;
  }
  if (!server) throw new Error('no server left running');
  const live = server;
  const first = (await get(live, '/api/conversations?limit=1')) as { total: number };
  const rand = createRandom(3);
  const pid = live.child.pid as number;
  const cpuPer = async <T>(n: number, phase: () => Promise<T>): Promise<[T, number]> => {
    const before = procStats(pid).cpuMs;
    const result = await phase();
    return [result, (procStats(pid).cpuMs - before) / n];
  };
  const [warm, warmCpu] = await cpuPer(200, () => timeEach(200, async () => void (await get(live, `/api/conversations?limit=20&offset=${rand.int(0, first.total - 20)}`))));
  const project = encodeURIComponent(manifest.projects[0] as string);
  const filtered = await timeEach(100, async (i) => void (await get(live, i % 2
    ? `/api/conversations?limit=20&archived=false&hasContinuation=false&projectPath=${project}`
    : '/api/conversations?limit=20&offset=40&archived=false&hasContinuation=false&sortBy=created&order=asc')));
  console.error(`peak RSS before details: ${Math.round(procStats(pid).peakRssMb)} MB`);
  const [detail, detailCpu] = await cpuPer(30, () => timeEach(30, async () => void (await get(live, `/api/conversations/${manifest.bigSessionId}`))));
  console.error(`peak RSS after details: ${Math.round(procStats(pid).peakRssMb)} MB`);
  const workingDirs = await timeEach(50, async () => void (await get(live, '/api/working-directories')));
  const before = procStats(pid).cpuMs;
  const load = await concurrent(live, first.total, Number(values['concurrent-seconds']));
  const loadCpu = (procStats(pid).cpuMs - before) / (load.rps * Number(values['concurrent-seconds']));
  const peak = Math.max(procStats(live.child.pid as number).peakRssMb, ...cold.map((c) => c.rss), ...restart.map((c) => c.rss));
  await stopServer(live);
  for (const h of homes) fs.rmSync(h, { recursive: true, force: true });

  const report = [
    `Corpus: ${manifest.sessions} sessions, ${manifest.messages} messages, ${(manifest.bytes / 1e6).toFixed(0)} MB, ${manifest.projects.length} projects (seed ${manifest.seed}); detail session: ${manifest.bigSessionMessages} messages. Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average at end ${os.loadavg()[0]?.toFixed(1)}.`,
    '',
    '| measurement | median | p95 | n | target (2,000 sessions) |',
    '|---|---|---|---|---|',
    row('first list page, cold start, empty index', stats(cold.map((c) => c.wall)), '≤ 2 s'),
    row('  server CPU for that first page', stats(cold.map((c) => c.cpu)), ''),
    row('first list page after restart (index reused)', stats(restart.map((c) => c.wall)), '≤ 200 ms'),
    row('warm list page (limit 20, random offset)', stats(warm), '≤ 10 ms'),
    `|   server CPU per warm list page | ${ms(warmCpu)} | | | |`,
    row('filtered list (Tasks tab + project / created asc)', stats(filtered), ''),
    row(`detail, ${manifest.bigSessionMessages} messages`, stats(detail), '≤ 100 ms'),
    `|   server CPU per detail | ${ms(detailCpu)} | | | |`,
    row('working directories', stats(workingDirs), ''),
    row('list under 8 concurrent clients (latency)', load.latency, ''),
    `| list throughput, 8 concurrent clients | ${Math.round(load.rps)} req/s | | | ≥ 500 req/s |`,
    `|   server CPU per request under load (capacity of one core) | ${ms(loadCpu)} (${Math.round(1000 / loadCpu)} req/s) | | | |`,
    `| peak RSS of the server | ${Math.round(peak)} MB | | | ≤ 200 MB |`,
    `|   peak RSS: cold index / after restart | ${cold.map((c) => Math.round(c.rss)).join(', ')} / ${restart.map((c) => Math.round(c.rss)).join(', ')} MB | | | |`,
  ].join('\n');
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', `sessions-${manifest.sessions}.md`), `${report}\n`);
  console.log(report);
}

await main();
