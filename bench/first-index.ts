/**
 * First index benchmark (issue 11 point 5): a server with an empty index on a generated corpus. Measures how
 * long the first list page takes (from the server's launch and from its listening) and, while the index is
 * being built, how fast a request that needs no index answers (`GET /api/system/status`, one at a time).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/first-index.ts [--sessions 2000] [--runs 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { generateCorpus } from './generate-corpus';
import { BENCH_ROOT, bundleServer, get, procStats, startServer, stopServer } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' } } });
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

interface Run {
  fromLaunch: number;
  fromListening: number;
  cpu: number;
  probes: number[];
}

async function coldRun(bundle: string): Promise<Run> {
  const cuiHome = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-'));
  const launched = performance.now();
  const server = await startServer(bundle, { cuiHome, corpus });
  const listening = performance.now();
  const cpuBefore = procStats(server.child.pid as number).cpuMs;
  let done = false;
  const page = get(server, '/api/conversations?limit=20&sortBy=updated&order=desc').finally(() => (done = true));
  const probes: number[] = [];
  while (!done) {
    const started = performance.now();
    await get(server, '/api/system/status');
    probes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await page;
  const answered = performance.now();
  const cpu = procStats(server.child.pid as number).cpuMs - cpuBefore;
  await stopServer(server);
  fs.rmSync(cuiHome, { recursive: true, force: true });
  return { fromLaunch: answered - launched, fromListening: answered - listening, cpu, probes };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(corpus, 'manifest.json'))) generateCorpus({ sessions, out: corpus });
  const bundle = await bundleServer();
  const runs: Run[] = [];
  for (let r = 0; r < Number(values.runs); r++) {
    runs.push(await coldRun(bundle));
    const last = runs.at(-1) as Run;
    console.error(`run ${r + 1}: first page ${ms(last.fromListening)} after listening (${ms(last.fromLaunch)} after launch), server CPU ${ms(last.cpu)}, slowest probe ${ms(Math.max(...last.probes))}`);
  }
  const probes = stats(runs.flatMap((r) => r.probes));
  const line = (name: string, values: number[]): string => {
    const s = stats(values);
    return `| ${name} | ${ms(s.median)} | ${ms(s.max)} | ${s.n} |`;
  };
  const report = [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end.`,
    '',
    '| measurement | median | max | n |',
    '|---|---|---|---|',
    line('first list page, empty index, from listening', runs.map((r) => r.fromListening)),
    line('first list page, empty index, from launch', runs.map((r) => r.fromLaunch)),
    line('server CPU until that page', runs.map((r) => r.cpu)),
    `| GET /api/system/status while indexing (p95 ${ms(probes.p95)}) | ${ms(probes.median)} | ${ms(probes.max)} | ${probes.n} |`,
  ].join('\n');
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `first-index-${sessions}.md`), `${report}\n`);
  console.log(report);
}

await main();
