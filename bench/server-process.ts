/**
 * The real server as the benchmarks run it: buildApp bundled with esbuild (bench/sessions-server.ts) and run in
 * a child process, so that its CPU time and memory are its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { npmStartLaunch } from '../scripts/npm-start-launch.mjs';

export const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_TOKEN = 'b'.repeat(32);
/** The Node flags and environment `npm start` gives the server (package.json), so that a bench measures what users run. */
export const NPM_START = npmStartLaunch();

export interface BenchServer {
  port: number;
  child: ChildProcess;
}

/**
 * Bundles bench/sessions-server.ts (and the index worker next to it, when the checkout has one) of a checkout
 * (this one by default; another one, e.g. an export of an older commit, to measure before and after in one run).
 */
export async function bundleServer(checkout = BENCH_ROOT, name = 'sessions-server'): Promise<string> {
  const outdir = path.join(BENCH_ROOT, 'bench', 'results', name);
  // The worker's folder since the sessions feature was split (issue 22), and before it (a baseline checkout).
  const worker = ['transcript-index', 'sessions'].map((feature) => path.join(checkout, 'server', 'src', 'features', feature, 'index-worker.ts')).find((file) => fs.existsSync(file));
  await build({
    entryPoints: { 'sessions-server': path.join(checkout, 'bench', 'sessions-server.ts'), ...(worker ? { 'index-worker': worker } : {}) },
    outdir, outExtension: { '.js': '.mjs' }, bundle: true, platform: 'node', format: 'esm',
    packages: 'external', tsconfig: path.join(checkout, 'tsconfig.server.json'), logLevel: 'error',
  });
  return path.join(outdir, 'sessions-server.mjs');
}

/** Starts the bundled server on a corpus (its CLAUDE_CONFIG_DIR) and resolves once it listens. */
export async function startServer(bundle: string, options: { cuiHome: string; corpus: string; env?: Record<string, string> }): Promise<BenchServer> {
  // CUI_BENCH_NODE_ARGS: more Node/V8 flags for the server (e.g. `--trace-gc`), to try one out.
  const extra = process.env.CUI_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...NPM_START.flags, ...extra, bundle], {
    env: { ...process.env, ...NPM_START.env, ...options.env, CUI_HOME: options.cuiHome, CLAUDE_CONFIG_DIR: options.corpus, CUI_BENCH_TOKEN: BENCH_TOKEN, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
      if (match && extra.length > 0) out = '';
      if (extra.length > 0) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return { port, child };
}

export async function stopServer(server: BenchServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.stdin?.end();
  server.child.kill('SIGTERM');
  await exited;
}

/** Peak resident set (VmHWM) and CPU milliseconds (user + system) of a live process, from /proc. */
export function procStats(pid: number): { peakRssMb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { peakRssMb: hwm / 1024, cpuMs: ticks * 10 };
}

export async function get(server: BenchServer, url: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}
