/**
 * The tails the first index reads before its sweep (issue 28 point 6): `placeByTail` over every transcript of a
 * generated corpus, warm page cache, `--runs` times. Prints wall and CPU time per run.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/tail-dates.ts [--sessions 10000] [--runs 5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { placeByTail } from '../server/src/features/transcript-index/tail-dates';
import { ms, stats } from './bench-stats';
import { ensureCorpus } from './generate-corpus';
import { BENCH_ROOT } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } } });
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${values.sessions}`);
ensureCorpus(corpus, Number(values.sessions));
const projects = path.join(corpus, 'projects');
const files = fs.readdirSync(projects).flatMap((dir) =>
  fs.readdirSync(path.join(projects, dir)).filter((name) => name.endsWith('.jsonl')).map((name) => {
    const filePath = path.join(projects, dir, name);
    const { size, mtimeMs } = fs.statSync(filePath);
    return [filePath, { size, mtimeMs }] as [string, { size: number; mtimeMs: number }];
  }));
const walls: number[] = [];
const cpus: number[] = [];
for (let run = 0; run <= Number(values.runs); run++) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await placeByTail(files);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  // The first run warms the page cache and is not counted.
  if (run > 0) {
    walls.push(wall);
    cpus.push((used.user + used.system) / 1000);
  }
}
const w = stats(walls);
const c = stats(cpus);
console.log(`${files.length} transcripts; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; placeByTail wall median ${ms(w.median)} (max ${ms(w.max)}), CPU median ${ms(c.median)} (n=${w.n})`);
