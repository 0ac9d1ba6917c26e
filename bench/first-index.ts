/**
 * First index benchmark (issue 11 point 5): a server with an empty index on a generated corpus. Measures how
 * long the first list page takes (from the server's launch and from its listening), how long the whole first index
 * takes (an ascending page, which cannot be answered before the sweep ends), and, while the index is being built,
 * how fast a request that needs no index answers (`GET /api/system/status`, one at a time).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/first-index.ts [--sessions 2000] [--runs 3] [--baseline <dir>]
 *
 * Each run measures, alternated: this checkout with index workers, this checkout in-thread
 * (CUI_BENCH_IN_THREAD=1), and with --baseline the server of another checkout (e.g. `git archive <commit>`
 * unpacked, with a node_modules link), so that before and after share one machine load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { generateCorpus } from './generate-corpus';
import { BENCH_ROOT, bundleServer, get, procStats, startServer, stopServer } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' }, baseline: { type: 'string' } } });
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

interface Run {
  fromLaunch: number;
  fromListening: number;
  /** From listening until the whole first index was done. */
  wholeIndex: number;
  cpu: number;
  probes: number[];
  /** The list's total: every session indexed. */
  total: number;
}

interface Variant {
  name: string;
  bundle: string;
  env?: Record<string, string>;
}

async function coldRun(variant: Variant): Promise<Run> {
  const cuiHome = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-'));
  const launched = performance.now();
  const server = await startServer(variant.bundle, { cuiHome, corpus, env: variant.env });
  const listening = performance.now();
  const cpuBefore = procStats(server.child.pid as number).cpuMs;
  let answered = 0;
  let indexed = 0;
  const page = get(server, '/api/conversations?limit=20&sortBy=updated&order=desc').finally(() => (answered = performance.now()));
  // Its first row is the oldest session, read last: answered once the sweep is over (then without `indexing`).
  const whole = get(server, '/api/conversations?limit=1&sortBy=updated&order=asc').finally(() => (indexed = performance.now()));
  const probes: number[] = [];
  while (!answered || !indexed) {
    const started = performance.now();
    await get(server, '/api/system/status');
    probes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await page;
  const { total, indexing } = (await whole) as { total: number; indexing?: boolean };
  if (indexing) throw new Error('the ascending page was answered before the first index ended');
  const cpu = procStats(server.child.pid as number).cpuMs - cpuBefore;
  await stopServer(server);
  fs.rmSync(cuiHome, { recursive: true, force: true });
  return { fromLaunch: answered - launched, fromListening: answered - listening, wholeIndex: indexed - listening, cpu, probes, total };
}

function report(variants: Variant[], runs: Run[][]): string {
  const line = (name: string, samples: number[]): string => {
    const s = stats(samples);
    return `| ${name} | ${ms(s.median)} | ${ms(s.max)} | ${s.n} |`;
  };
  const rows = variants.flatMap((v, k) => {
    const mine = runs[k] ?? [];
    const probes = stats(mine.flatMap((r) => r.probes));
    return [
      line(`${v.name}: first list page, from listening`, mine.map((r) => r.fromListening)),
      line(`${v.name}: first list page, from launch`, mine.map((r) => r.fromLaunch)),
      line(`${v.name}: whole first index, from listening`, mine.map((r) => r.wholeIndex)),
      line(`${v.name}: server CPU until both`, mine.map((r) => r.cpu)),
      `| ${v.name}: GET /api/system/status while indexing (p95 ${ms(probes.p95)}) | ${ms(probes.median)} | ${ms(probes.max)} | ${probes.n} |`,
    ];
  });
  return [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end.`,
    '',
    '| measurement | median | max | n |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(corpus, 'manifest.json'))) generateCorpus({ sessions, out: corpus });
  const bundle = await bundleServer();
  const variants: Variant[] = [{ name: 'workers', bundle }, { name: 'in-thread', bundle, env: { CUI_BENCH_IN_THREAD: '1' } }];
  if (values.baseline) variants.push({ name: 'baseline', bundle: await bundleServer(path.resolve(values.baseline), 'baseline-server') });
  const runs: Run[][] = variants.map(() => []);
  for (let r = 0; r < Number(values.runs); r++) {
    for (const [k, variant] of variants.entries()) {
      const run = await coldRun(variant);
      runs[k]?.push(run);
      console.error(`${variant.name} run ${r + 1}: first page ${ms(run.fromListening)} after listening (${ms(run.fromLaunch)} after launch), whole index ${ms(run.wholeIndex)}, server CPU ${ms(run.cpu)}, slowest probe ${ms(Math.max(...run.probes))}, ${run.total} sessions listed`);
    }
  }
  const text = report(variants, runs);
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `first-index-${sessions}.md`), `${text}\n`);
  console.log(text);
}

await main();
