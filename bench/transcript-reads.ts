/**
 * What reading every transcript costs by each way of calling the file system (issue 28 points 2 and 7): over a
 * generated corpus, warm page cache, each file opened, its first 1,024 bytes read (the index's head), the rest read in
 * 1 MB chunks, closed. `promises` is what the index did before d66b1ac (fs.promises FileHandle), `callback` what
 * `readTranscriptLines` does (open, head and close synchronous, the chunks through fs.read's callback), `sync` every
 * call synchronous. The ways alternate, `--runs` rounds after one that warms the cache; CPU is every thread's.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/transcript-reads.ts [--sessions 10000] [--runs 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { ensureCorpus } from './generate-corpus';
import { BENCH_ROOT } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${values.sessions}`);
ensureCorpus(corpus, Number(values.sessions));
const projects = path.join(corpus, 'projects');
const files = fs.readdirSync(projects).flatMap((dir) =>
  fs.readdirSync(path.join(projects, dir)).filter((name) => name.endsWith('.jsonl')).map((name) => path.join(projects, dir, name)));

const chunk = Buffer.allocUnsafe(1024 * 1024);
const head = Buffer.alloc(1024);

async function promises(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  await handle.read(head, 0, head.length, 0);
  for (let position = 0; ; ) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
  }
  await handle.close();
}

async function callback(file: string): Promise<void> {
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, head.length, 0);
  for (let position = 0; ; ) {
    const bytesRead = await new Promise<number>((resolve, reject) => fs.read(fd, chunk, 0, chunk.length, position, (error, n) => (error ? reject(error) : resolve(n))));
    if (bytesRead === 0) break;
    position += bytesRead;
  }
  fs.closeSync(fd);
}

async function sync(file: string): Promise<void> {
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, head.length, 0);
  for (let position = 0; ; ) {
    const bytesRead = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
  }
  fs.closeSync(fd);
}

const ways = { promises, callback, sync };
const walls = new Map<string, number[]>();
const cpus = new Map<string, number[]>();
for (let run = 0; run <= Number(values.runs); run++) {
  for (const [name, read] of Object.entries(ways)) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (const file of files) await read(file);
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    // The first round warms the page cache and is not counted.
    if (run === 0) continue;
    walls.set(name, [...(walls.get(name) ?? []), wall]);
    cpus.set(name, [...(cpus.get(name) ?? []), (used.user + used.system) / 1000]);
  }
}
console.log(`${files.length} transcripts; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
for (const name of Object.keys(ways)) {
  const w = stats(walls.get(name) ?? []);
  const c = stats(cpus.get(name) ?? []);
  console.log(`${name}: CPU median ${ms(c.median)} (max ${ms(c.max)}), wall median ${ms(w.median)} (max ${ms(w.max)}), n=${c.n}`);
}
