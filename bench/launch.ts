/**
 * Start-up benchmark (issue 11 point 6): launches the built server (`node dist/server/main.js`, as `npm start`
 * runs it, rebuilt first) with fresh directories and polls `GET /api/system/status` every 5 ms from the moment
 * of the spawn until it answers 200.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/launch.ts [--runs 10]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { BENCH_ROOT, BENCH_TOKEN } from './server-process';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function firstOk(port: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/system/status`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })
      .then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function launch(main: string): Promise<number> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-launch-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main, '--port', String(port), '--token', BENCH_TOKEN], {
    env: { ...process.env, HOME: root, CUI_HOME: path.join(root, 'cui'), CLAUDE_CONFIG_DIR: path.join(root, 'claude'), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await firstOk(port);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(root, { recursive: true, force: true });
  return elapsed;
}

async function main(): Promise<void> {
  const { buildServer, SERVER_OUT } = (await import(path.join(BENCH_ROOT, 'scripts', 'build.mjs'))) as { buildServer: () => Promise<void>; SERVER_OUT: string };
  await buildServer();
  await launch(SERVER_OUT);
  const samples: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) samples.push(await launch(SERVER_OUT));
  const s = stats(samples);
  console.log(`launch → first 200 (n=${s.n}, after one unmeasured launch): median ${ms(s.median)}, p95 ${ms(s.p95)}, min ${ms(s.min)}, max ${ms(s.max)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
}

await main();
