/**
 * First index benchmark (issue 11 point 5): a server with an empty index on a generated corpus. Measures how
 * long the first list page takes (from the server's launch and from its listening), how long the whole first index
 * takes (an ascending page, which cannot be answered before the sweep ends), and, while the index is being built,
 * how fast a request that needs no index answers (`GET /api/system/status`, one at a time) and the server's
 * main-thread event-loop delay (bench/loop-delay-probe.mjs: what the machine's load inflates least), both from
 * listening until the whole index is done, then apart until the server is idle (its search index caught up).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/first-index.ts [--sessions 2000] [--runs 3] [--baseline <dir> [--baseline-in-thread]]
 *   npx tsx --tsconfig tsconfig.server.json bench/first-index.ts [--sessions 2000] [--runs 3] --dates as-left,same-mtime,one-late
 *
 * Each run measures, alternated: this checkout with index workers, this checkout in-thread
 * (CUI_BENCH_IN_THREAD=1), and with --baseline the server of another checkout (e.g. `git archive <commit>`
 * unpacked, with a node_modules link), so that before and after share one machine load.
 *
 * Every report also gives the floor (issue 28 points 2 and 7): the CPU this process takes to read every transcript and
 * `JSON.parse` every line (warm cache, the second of two passes), against which the server's CPU until the whole index
 * (list and search) is done is set. `--variants in-thread` measures only the configuration of `npm start` on 2 cores.
 *
 * With --dates (issue 28 point 6), each run instead measures this checkout as `npm start` runs it on this machine
 * (workers on 4 cores or more, else in-thread) once per file-dating, alternated: `as-left` (each transcript's mtime
 * just after its last line, as the CLI leaves it), `same-mtime` (every transcript's mtime one time, as a history copied
 * without its dates) and `one-late` (as left, but the newest session's file dated before its first line). The corpus's
 * mtimes are restored after each server (and, after a crash, from the file saved beside the corpus at the next start).
 * Every run also checks that the early first page is the page the finished index gives (same sessions, same times).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { workersPayOff } from '../server/src/features/transcript-index/index';
import { ms, stats } from './bench-stats';
import { ensureCorpus } from './generate-corpus';
import { BENCH_ROOT, bundleServer, get, procStats, startServer, stopServer } from './server-process';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' }, baseline: { type: 'string' }, 'baseline-in-thread': { type: 'boolean', default: false },
    dates: { type: 'string' }, variants: { type: 'string', default: 'workers,in-thread' },
  },
});
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);
/** The corpus's own file times while a --dates variant has changed them (removed once they are restored). */
const savedTimes = `${corpus}.times.json`;

const DATINGS = ['as-left', 'same-mtime', 'one-late'] as const;
type Dating = (typeof DATINGS)[number];
const datings: Dating[] | undefined = values.dates?.split(',').map((d) => {
  if (!(DATINGS as readonly string[]).includes(d)) throw new Error(`--dates: ${d} is none of ${DATINGS.join(', ')}`);
  return d as Dating;
});

interface Run {
  fromLaunch: number;
  fromListening: number;
  /** From listening until the whole first index was done. */
  wholeIndex: number;
  /** From listening until the server was idle (IDLE_CPU_SHARE) after the whole index. */
  idle: number;
  cpu: number;
  /** Server CPU from listening until idle: the whole first index, its search index included. */
  cpuIdle: number;
  /** cui.db (with its WAL) once idle, MB. */
  dbMb: number;
  /** GET /api/system/status latencies until the whole index was done, then until idle (the search catch-up). */
  probes: number[];
  probesCatchUp: number[];
  /** The server's main-thread event-loop delay (bench/loop-delay-probe.mjs), ms: until the whole index was done ... */
  loopDelay: LoopDelay;
  /** ... and from then until idle (the search index catching up). */
  loopDelayCatchUp: LoopDelay;
  /** The list's total: every session indexed. */
  total: number;
  /** Whether the early first page held the sessions (and times) of the finished index's first page, in its order. */
  pageFinal: boolean;
  /** The early first page's first session. */
  firstRow?: string;
  /** one-late: whether the early first page started with the late-dated session (the newest by its lines). */
  lateHeads?: boolean;
}

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Event-loop delay, and the main thread's CPU time between two 5 ms timer ticks (load-independent), ms. */
interface LoopDelay extends Percentiles {
  cpuBetweenTicks: Percentiles;
}

const LOOP_DELAY_PROBE = path.join(BENCH_ROOT, 'bench', 'loop-delay-probe.mjs');

/** Ends the server's loop-delay measurement (the probe's second SIGUSR2) and resolves with what it printed. */
function loopDelayOf(child: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = /LOOP_DELAY (\{.*\})\n/.exec(out);
      if (!match) return;
      child.stdout?.off('data', onData);
      resolve(JSON.parse(match[1] as string) as LoopDelay);
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => reject(new Error('server exited before reporting its loop delay')));
    child.kill('SIGUSR2');
  });
}

interface Variant {
  name: string;
  bundle: string;
  env?: Record<string, string>;
  /** How the corpus's transcripts are dated for this variant (--dates); unchanged without. */
  dating?: Dating;
}

interface FileTimes {
  atimeMs: number;
  mtimeMs: number;
}

/** Every transcript of the corpus (projects/<dir>/<session>.jsonl) with its file times. */
function transcriptTimes(): Record<string, FileTimes> {
  const times: Record<string, FileTimes> = {};
  const projects = path.join(corpus, 'projects');
  for (const dir of fs.readdirSync(projects)) {
    for (const name of fs.readdirSync(path.join(projects, dir))) {
      if (!name.endsWith('.jsonl')) continue;
      const file = path.join(projects, dir, name);
      const { atimeMs, mtimeMs } = fs.statSync(file);
      times[file] = { atimeMs, mtimeMs };
    }
  }
  return times;
}

/** Puts back the file times saved before a variant changed them (also those a crashed run left changed). */
function restoreTimes(): void {
  if (!fs.existsSync(savedTimes)) return;
  const times = JSON.parse(fs.readFileSync(savedTimes, 'utf8')) as Record<string, FileTimes>;
  for (const [file, { atimeMs, mtimeMs }] of Object.entries(times)) fs.utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
  const now = transcriptTimes();
  const wrong = Object.entries(times).filter(([file, t]) => now[file]?.mtimeMs !== t.mtimeMs);
  if (wrong.length) throw new Error(`${wrong.length} transcripts kept a changed mtime, e.g. ${wrong[0]?.[0]}`);
  fs.rmSync(savedTimes);
}

/**
 * Dates the corpus's transcripts as `dating` says; restoreTimes() undoes it. Returns the session whose file was dated
 * late (one-late): the newest one, so that a sweep by mtime would read it last while it heads the first page.
 */
function dateCorpus(dating: Dating, copiedAt: number): string | undefined {
  if (dating === 'as-left') return undefined;
  const times = transcriptTimes();
  fs.writeFileSync(savedTimes, JSON.stringify(times));
  const files = Object.entries(times);
  if (dating === 'same-mtime') {
    for (const [file] of files) fs.utimesSync(file, copiedAt / 1000, copiedAt / 1000);
    return undefined;
  }
  // As left, a transcript's mtime is a second after its last line: the newest mtime is the newest session.
  const [newest] = files.reduce((a, b) => (b[1].mtimeMs > a[1].mtimeMs ? b : a));
  const oldest = Math.min(...files.map(([, t]) => t.mtimeMs));
  // Before every line of every session, its own first included.
  const early = oldest - 30 * 86_400_000;
  fs.utimesSync(newest, early / 1000, early / 1000);
  return path.basename(newest, '.jsonl');
}

/** The server counts as idle once it used under 10 % of a core over the last 500 ms. */
const IDLE_WINDOW_MS = 500;
const IDLE_CPU_SHARE = 0.1;

/** Says, each time it is asked, whether the process has been idle over the last IDLE_WINDOW_MS (from /proc). */
function idleWatch(pid: number): () => boolean {
  const samples: { at: number; cpuMs: number }[] = [];
  return () => {
    const now = { at: performance.now(), cpuMs: procStats(pid).cpuMs };
    samples.push(now);
    while (samples.length > 1 && now.at - (samples[1]?.at ?? 0) >= IDLE_WINDOW_MS) samples.shift();
    const first = samples[0] as { at: number; cpuMs: number };
    return now.at - first.at >= IDLE_WINDOW_MS && now.cpuMs - first.cpuMs < IDLE_CPU_SHARE * (now.at - first.at);
  };
}

type ListPage = { conversations: { sessionId: string; updatedAt: string }[]; total: number; indexing?: boolean };

const FIRST_PAGE = '/api/conversations?limit=20&sortBy=updated&order=desc';

async function coldRun(variant: Variant, copiedAt: number): Promise<Run> {
  const late = variant.dating ? dateCorpus(variant.dating, copiedAt) : undefined;
  try {
    const run = await coldRunOnCorpus(variant);
    return late === undefined ? run : { ...run, lateHeads: run.firstRow === late };
  } finally {
    restoreTimes();
  }
}

async function coldRunOnCorpus(variant: Variant): Promise<Run> {
  const cuiHome = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-'));
  const launched = performance.now();
  const server = await startServer(variant.bundle, { cuiHome, corpus, env: { ...variant.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${LOOP_DELAY_PROBE}` } });
  const listening = performance.now();
  server.child.kill('SIGUSR2'); // the loop-delay measurement starts
  const cpuBefore = procStats(server.child.pid as number).cpuMs;
  let answered = 0;
  let indexed = 0;
  const page = get(server, FIRST_PAGE).finally(() => (answered = performance.now()));
  // Its first row is the oldest session, read last: answered once the sweep is over (then without `indexing`).
  const whole = get(server, '/api/conversations?limit=1&sortBy=updated&order=asc').finally(() => (indexed = performance.now()));
  const probes: number[] = [];
  const probesCatchUp: number[] = [];
  let cpu = 0;
  let loopDelay: LoopDelay | undefined;
  const idle = idleWatch(server.child.pid as number);
  // Until the index is whole, then until the server is idle (the search index catching up included).
  while (!answered || !indexed || !idle()) {
    const started = performance.now();
    await get(server, '/api/system/status');
    (cpu ? probesCatchUp : probes).push(performance.now() - started);
    if (answered && indexed && !cpu) {
      cpu = procStats(server.child.pid as number).cpuMs - cpuBefore;
      loopDelay = await loopDelayOf(server.child);
      server.child.kill('SIGUSR2'); // the catch-up's measurement starts
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const idleAt = performance.now();
  const cpuIdle = procStats(server.child.pid as number).cpuMs - cpuBefore;
  const dbMb = ['', '-wal'].reduce((sum, suffix) => sum + (fs.statSync(path.join(cuiHome, `cui.db${suffix}`), { throwIfNoEntry: false })?.size ?? 0), 0) / 1e6;
  const early = (await page) as ListPage;
  const { total, indexing } = (await whole) as ListPage;
  if (indexing) throw new Error('the ascending page was answered before the first index ended');
  const final = (await get(server, FIRST_PAGE)) as ListPage;
  const rows = (p: ListPage): string => JSON.stringify(p.conversations.map((c) => [c.sessionId, c.updatedAt]));
  const pageFinal = rows(early) === rows(final);
  const loopDelayCatchUp = await loopDelayOf(server.child);
  await stopServer(server);
  if (!loopDelay) throw new Error('no loop delay measured until the whole index');
  fs.rmSync(cuiHome, { recursive: true, force: true });
  return { fromLaunch: answered - launched, fromListening: answered - listening, wholeIndex: indexed - listening, idle: idleAt - listening, cpu, cpuIdle, dbMb, probes, probesCatchUp, loopDelay, loopDelayCatchUp, total, pageFinal, firstRow: early.conversations[0]?.sessionId };
}

/** The floor: CPU to read every transcript of the corpus and parse each line, warm cache (the second of two passes). */
function floorCpuMs(): number {
  const files = Object.keys(transcriptTimes());
  const pass = (): number => {
    const started = process.cpuUsage();
    for (const file of files) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        try {
          if (line) JSON.parse(line);
        } catch {
          // a truncated line (the generated corpus has some): the index skips it too
        }
      }
    }
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000;
  };
  pass();
  return pass();
}

function report(variants: Variant[], runs: Run[][], floor: number): string {
  const line = (name: string, samples: number[]): string => {
    const s = stats(samples);
    return `| ${name} | ${ms(s.median)} | ${ms(s.max)} | ${s.n} |`;
  };
  const rows = variants.flatMap((v, k) => {
    const mine = runs[k] ?? [];
    return [
      `| ${v.name}: early first page = the finished index's | ${mine.filter((r) => r.pageFinal).length} of ${mine.length} runs | | ${mine.length} |`,
      ...(v.dating === 'one-late' ? [`| ${v.name}: early first page starts with the late-dated session | ${mine.filter((r) => r.lateHeads).length} of ${mine.length} runs | | ${mine.length} |`] : []),
      line(`${v.name}: first list page, from listening`, mine.map((r) => r.fromListening)),
      line(`${v.name}: first list page, from launch`, mine.map((r) => r.fromLaunch)),
      line(`${v.name}: whole first index, from listening`, mine.map((r) => r.wholeIndex)),
      line(`${v.name}: server CPU until both`, mine.map((r) => r.cpu)),
      line(`${v.name}: server CPU until idle (list and search index whole)`, mine.map((r) => r.cpuIdle)),
      `| ${v.name}: server CPU until idle / floor | ${(stats(mine.map((r) => r.cpuIdle)).median / floor).toFixed(1)}× | ${(stats(mine.map((r) => r.cpuIdle)).max / floor).toFixed(1)}× | ${mine.length} |`,
      `| ${v.name}: cui.db once idle | ${stats(mine.map((r) => r.dbMb)).median.toFixed(1)} MB | ${stats(mine.map((r) => r.dbMb)).max.toFixed(1)} MB | ${mine.length} |`,
      line(`${v.name}: idle (search index caught up), from listening`, mine.map((r) => r.idle)),
      ...(['sweep', 'catch-up'] as const).flatMap((phase) => {
        const until = phase === 'sweep' ? 'until the whole index' : 'during the search catch-up';
        const probes = stats(mine.flatMap((r) => (phase === 'sweep' ? r.probes : r.probesCatchUp)));
        const delay = (r: Run): LoopDelay => (phase === 'sweep' ? r.loopDelay : r.loopDelayCatchUp);
        return [
          `| ${v.name}: GET /api/system/status ${until} (p95 ${ms(probes.p95)}) | ${ms(probes.median)} | ${ms(probes.max)} | ${probes.n} |`,
          line(`${v.name}: event-loop delay ${until}, p50 of each run`, mine.map((r) => delay(r).p50)),
          line(`${v.name}: event-loop delay ${until}, p95 of each run`, mine.map((r) => delay(r).p95)),
          line(`${v.name}: event-loop delay ${until}, p99 of each run`, mine.map((r) => delay(r).p99)),
          line(`${v.name}: event-loop delay ${until}, max of each run`, mine.map((r) => delay(r).max)),
          line(`${v.name}: main-thread CPU between 5 ms ticks ${until}, p99 of each run`, mine.map((r) => delay(r).cpuBetweenTicks.p99)),
          line(`${v.name}: main-thread CPU between 5 ms ticks ${until}, max of each run`, mine.map((r) => delay(r).cpuBetweenTicks.max)),
        ];
      }),
    ];
  });
  return [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end.`,
    `Floor (read every transcript and JSON.parse every line, warm cache, this process): ${ms(floor)} CPU.`,
    '',
    '| measurement | median | max | n |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main(): Promise<void> {
  restoreTimes();
  ensureCorpus(corpus, sessions);
  const floor = floorCpuMs();
  console.error(`floor: ${ms(floor)} CPU`);
  const bundle = await bundleServer();
  const asStarted: { name: string; env: Record<string, string> } = workersPayOff() ? { name: 'workers', env: {} } : { name: 'in-thread', env: { CUI_BENCH_IN_THREAD: '1' } };
  const variants: Variant[] = datings
    ? datings.map((dating) => ({ name: `${asStarted.name}, ${dating}`, bundle, env: asStarted.env, dating }))
    : [{ name: 'workers', bundle }, { name: 'in-thread', bundle, env: { CUI_BENCH_IN_THREAD: '1' } }].filter((v) => (values.variants ?? '').split(',').includes(v.name));
  if (values.baseline) {
    const bundle = await bundleServer(path.resolve(values.baseline), 'baseline-server');
    variants.push({ name: 'baseline', bundle, ...(values['baseline-in-thread'] ? { env: { CUI_BENCH_IN_THREAD: '1' } } : {}) });
  }
  const runs: Run[][] = variants.map(() => []);
  // same-mtime: every file dated when the history was "copied", the same time in every run.
  const copiedAt = Date.now();
  for (let r = 0; r < Number(values.runs); r++) {
    for (const [k, variant] of variants.entries()) {
      const run = await coldRun(variant, copiedAt);
      runs[k]?.push(run);
      console.error(`${variant.name} run ${r + 1}: first page ${ms(run.fromListening)} after listening (${ms(run.fromLaunch)} after launch), whole index ${ms(run.wholeIndex)}, idle ${ms(run.idle)}, server CPU ${ms(run.cpu)} (until idle ${ms(run.cpuIdle)}), cui.db ${run.dbMb.toFixed(1)} MB, slowest probe ${ms(Math.max(...run.probes, ...run.probesCatchUp))}, loop delay p50/p95/p99/max ${run.loopDelay.p50}/${run.loopDelay.p95}/${run.loopDelay.p99}/${run.loopDelay.max} ms (catch-up ${run.loopDelayCatchUp.p50}/${run.loopDelayCatchUp.p95}/${run.loopDelayCatchUp.p99}/${run.loopDelayCatchUp.max} ms), main-thread CPU between ticks p95/p99/max ${run.loopDelay.cpuBetweenTicks.p95}/${run.loopDelay.cpuBetweenTicks.p99}/${run.loopDelay.cpuBetweenTicks.max} ms (catch-up ${run.loopDelayCatchUp.cpuBetweenTicks.p95}/${run.loopDelayCatchUp.cpuBetweenTicks.p99}/${run.loopDelayCatchUp.cpuBetweenTicks.max} ms), ${run.total} sessions listed, early first page ${run.pageFinal ? '=' : '≠'} the finished index's${run.lateHeads === undefined ? '' : `, ${run.lateHeads ? 'starting' : 'NOT starting'} with the late-dated session`}`);
    }
  }
  const text = report(variants, runs, floor);
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `first-index-${sessions}${datings ? '-dates' : ''}.md`), `${text}\n`);
  console.log(text);
}

await main();
