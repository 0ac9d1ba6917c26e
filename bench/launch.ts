/**
 * Start-up benchmark (issue 11 point 6): launches the server with fresh directories and polls a URL every 5 ms
 * from the moment of the spawn until it answers 200. Two launches, alternated: `node dist/server/main.js` (the
 * bare server, rebuilt first) and `node scripts/start.mjs` (what `npm start` runs: the staleness check, then
 * the server with Node's compile cache). Two URLs: `/api/config` (the first answer) and `/api/system/status`
 * (which includes the CLI's version).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/launch.ts [--runs 10] [--baseline <dir>]
 *
 * --baseline adds the bare server and the start script of another checkout (e.g. `git archive <commit>` unpacked,
 * with a node_modules link and a copy of dist/web), built by its own scripts/build.mjs, so that before and after share
 * one machine load.
 *
 * Each launch ends with a SIGTERM right after its first answer; the time to the process's exit is reported too.
 *
 * --sessions <n> launches on an existing index instead of fresh directories (issue 28 point 1): the generated corpus
 * of that size (bench/.corpus/s<n>) as CLAUDE_CONFIG_DIR and a CUI_HOME under $TMPDIR kept between runs, one per
 * checkout, built once (the server started until every message is searchable) when it has no cui.db yet.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ms, stats } from './bench-stats';
import { ensureCorpus } from './generate-corpus';
import { npmStartLaunch } from '../scripts/npm-start-launch.mjs';
import { BENCH_ROOT, BENCH_TOKEN } from './server-process';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, baseline: { type: 'string' }, sessions: { type: 'string' } } });

/** Where a launch finds its history: fresh directories, or the corpus and a kept index (--sessions). */
interface History {
  claudeConfigDir: string;
  cuiHome: string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function firstOk(port: number, url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    const ok = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })
      .then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function spawnServer(script: string, port: number, root: string, history?: History) {
  // `npm start` of the script's own checkout (a baseline launches with its own flags and environment).
  const npmStart = script.endsWith('start.mjs') ? npmStartLaunch(path.dirname(path.dirname(script))) : { flags: [], env: {} };
  return spawn(process.execPath, [...npmStart.flags, script, '--port', String(port), '--token', BENCH_TOKEN], {
    env: {
      ...process.env, ...npmStart.env, HOME: root, CUI_HOME: history?.cuiHome ?? path.join(root, 'cui'), CLAUDE_CONFIG_DIR: history?.claudeConfigDir ?? path.join(root, 'claude'), LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** SIGTERM → exit of each launch, right after its first answer (a Ctrl-C soon after start-up), per script. */
const shutdowns = new Map<string, number[]>();

async function launch(script: string, url: string, history?: History): Promise<number> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-launch-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer(script, port, root, history);
  await firstOk(port, url, child);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stopping = performance.now();
  child.kill('SIGTERM');
  await exited;
  shutdowns.set(script, [...(shutdowns.get(script) ?? []), performance.now() - stopping]);
  fs.rmSync(root, { recursive: true, force: true });
  return elapsed;
}

/** Resolves once the search index holds every saved message (read from the database, as a second reader). */
async function searchCaughtUp(file: string): Promise<void> {
  for (;;) {
    const db = fs.existsSync(file) ? new Database(file, { readonly: true }) : undefined;
    try {
      const behind = db?.prepare('SELECT (SELECT COALESCE(MAX(id), 0) FROM session_text) - (SELECT indexed_through FROM search_state)').pluck().get() as number | undefined;
      const indexed = db?.prepare('SELECT COUNT(*) FROM session_index').pluck().get() as number | undefined;
      if (behind === 0 && indexed && indexed > 0) return;
    } catch {
      // Not migrated yet.
    } finally {
      db?.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The corpus and a CUI_HOME holding its whole index for this checkout's server, built once and kept. */
async function existingIndex(script: string, name: string, sessions: number): Promise<History> {
  const claudeConfigDir = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);
  ensureCorpus(claudeConfigDir, sessions);
  const cuiHome = path.join(os.tmpdir(), `cui-bench-index-s${sessions}-${name}`);
  const file = path.join(cuiHome, 'cui.db');
  if (fs.existsSync(file)) return { claudeConfigDir, cuiHome };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-launch-'));
  const started = performance.now();
  const child = spawnServer(script, await freePort(), root, { claudeConfigDir, cuiHome });
  await searchCaughtUp(file);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  console.error(`${name}: index of ${sessions} sessions built in ${ms(performance.now() - started)}: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
  return { claudeConfigDir, cuiHome };
}

interface BuildScript {
  buildServer: () => Promise<void>;
  SERVER_OUT: string;
}

async function builtServer(checkout: string): Promise<string> {
  const script = (await import(path.join(checkout, 'scripts', 'build.mjs'))) as BuildScript;
  await script.buildServer();
  return script.SERVER_OUT;
}

async function main(): Promise<void> {
  const SERVER_OUT = await builtServer(BENCH_ROOT);
  const start = path.join(BENCH_ROOT, 'scripts', 'start.mjs');
  const variants = [
    { name: 'node dist/server/main.js → GET /api/config', script: SERVER_OUT, url: '/api/config' },
    { name: 'node dist/server/main.js → GET /api/system/status', script: SERVER_OUT, url: '/api/system/status' },
    { name: 'node scripts/start.mjs → GET /api/config', script: start, url: '/api/config' },
    { name: 'node scripts/start.mjs → GET /api/system/status', script: start, url: '/api/system/status' },
  ];
  if (values.baseline) {
    const baseline = await builtServer(path.resolve(values.baseline));
    variants.push({ name: 'baseline: node dist/server/main.js → GET /api/config', script: baseline, url: '/api/config' });
    variants.push({ name: 'baseline: node dist/server/main.js → GET /api/system/status', script: baseline, url: '/api/system/status' });
    const baselineStart = path.join(path.resolve(values.baseline), 'scripts', 'start.mjs');
    variants.push({ name: 'baseline: node scripts/start.mjs → GET /api/config', script: baselineStart, url: '/api/config' });
  }
  const sessions = values.sessions ? Number(values.sessions) : undefined;
  const histories = new Map<string, History | undefined>();
  for (const v of variants) {
    const checkout = v.name.startsWith('baseline') ? 'baseline' : 'this';
    if (sessions && !histories.has(checkout)) histories.set(checkout, await existingIndex(v.script, checkout, sessions));
  }
  const historyOf = (v: { name: string }) => histories.get(v.name.startsWith('baseline') ? 'baseline' : 'this');
  for (const v of variants) await launch(v.script, v.url, historyOf(v));
  shutdowns.clear();
  const samples = variants.map(() => [] as number[]);
  for (let i = 0; i < Number(values.runs); i++) {
    for (const [k, v] of variants.entries()) samples[k]?.push(await launch(v.script, v.url, historyOf(v)));
  }
  const on = sessions ? `an existing index of ${sessions} sessions` : 'fresh directories';
  console.log(`launch → first 200 on ${on}, n=${values.runs} each, alternated, after one unmeasured launch each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  console.log('| launch → first 200 | median | p95 | min | max |\n|---|---|---|---|---|');
  for (const [k, v] of variants.entries()) {
    const s = stats(samples[k] ?? []);
    console.log(`| ${v.name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.min)} | ${ms(s.max)} |`);
  }
  console.log('\n| SIGTERM right after the first 200 → exit | median | p95 | max |\n|---|---|---|---|');
  for (const [script, times] of shutdowns) {
    const s = stats(times);
    const name = variants.find((v) => v.script === script)?.name.replace(/ → .*/, '') ?? script;
    console.log(`| ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} |`);
  }
}

await main();
