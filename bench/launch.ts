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
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { BENCH_ROOT, BENCH_TOKEN } from './server-process';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, baseline: { type: 'string' } } });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function firstOk(port: number, url: string): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })
      .then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function launch(script: string, url: string): Promise<number> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-launch-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [script, '--port', String(port), '--token', BENCH_TOKEN], {
    env: { ...process.env, HOME: root, CUI_HOME: path.join(root, 'cui'), CLAUDE_CONFIG_DIR: path.join(root, 'claude'), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await firstOk(port, url);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(root, { recursive: true, force: true });
  return elapsed;
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
  for (const v of variants) await launch(v.script, v.url);
  const samples = variants.map(() => [] as number[]);
  for (let i = 0; i < Number(values.runs); i++) {
    for (const [k, v] of variants.entries()) samples[k]?.push(await launch(v.script, v.url));
  }
  console.log(`launch → first 200, n=${values.runs} each, alternated, after one unmeasured launch each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  console.log('| launch → first 200 | median | p95 | min | max |\n|---|---|---|---|---|');
  for (const [k, v] of variants.entries()) {
    const s = stats(samples[k] ?? []);
    console.log(`| ${v.name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.min)} | ${ms(s.max)} |`);
  }
}

await main();
