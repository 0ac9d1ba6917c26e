/**
 * Where the main thread stalls during a first index (issue 11 point 5): runs the benchmarked server on a generated
 * corpus (bench/first-index.ts makes it) under `--cpu-prof` until the whole first index is done, then lists the
 * main thread's tasks longer than 10 ms (runs of samples without idle between them) with the functions that took
 * most of each. Wall times include the machine's load; what each long task is does not.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/first-index-profile.ts [--sessions 2000] [--in-thread]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, bundleServer, get, startServer, stopServer } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' }, 'in-thread': { type: 'boolean', default: false } } });
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${values.sessions}`);
const LONG_US = 10_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Task {
  start: number;
  end: number;
  samples: [number, number][];
}

function longTasks(profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number): ProfileNode[] => {
    const out: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at) as ProfileNode);
    return out;
  };
  const name = (n: ProfileNode): string => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;
  const idle = (id: number): boolean => ['(idle)', '(program)'].includes(byId.get(id)?.callFrame.functionName ?? '');
  const tasks: Task[] = [];
  let current: Task | undefined;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (idle(id)) {
      if (current) tasks.push(current);
      current = undefined;
      return;
    }
    current ??= { start: t, end: t, samples: [] };
    current.end = t;
    current.samples.push([id, profile.timeDeltas[i] ?? 0]);
  });
  if (current) tasks.push(current);
  return tasks.filter((k) => k.end - k.start >= LONG_US).sort((a, b) => a.start - b.start).map((k) => {
    const inclusive = new Map<string, number>();
    for (const [id, dt] of k.samples) for (const n of new Set(stack(id).map(name))) inclusive.set(n, (inclusive.get(n) ?? 0) + dt);
    const heavy = [...inclusive].filter(([n, us]) => !n.startsWith('(root)') && us > (k.end - k.start) * 0.3).sort((a, b) => a[1] - b[1]).slice(0, 6);
    return `at ${((k.start - profile.startTime) / 1000).toFixed(0)} ms: ${((k.end - k.start) / 1000).toFixed(1)} ms | ${heavy.map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`).join(' < ')}`;
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(corpus, 'manifest.json'))) throw new Error(`no corpus at ${corpus}: run bench/first-index.ts --sessions ${values.sessions} first`);
  const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-profile-'));
  const cuiHome = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-'));
  const server = await startServer(await bundleServer(), {
    cuiHome, corpus, env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles} --cpu-prof-interval=500`, ...(values['in-thread'] ? { CUI_BENCH_IN_THREAD: '1' } : {}) },
  });
  await get(server, '/api/conversations?limit=1&sortBy=updated&order=asc');
  await stopServer(server);
  // The main thread's profile is the one of thread 0 (index workers write their own).
  const main = fs.readdirSync(profiles).find((file) => /\.0\.\d+\.cpuprofile$/.test(file));
  if (!main) throw new Error('no main-thread profile written');
  const lines = longTasks(JSON.parse(fs.readFileSync(path.join(profiles, main), 'utf8')) as Profile);
  console.log(`${lines.length} main-thread tasks >= ${LONG_US / 1000} ms (profile ${path.join(profiles, main)}; load ${os.loadavg()[0]?.toFixed(1)}):`);
  for (const line of lines) console.log(line);
  fs.rmSync(cuiHome, { recursive: true, force: true });
}

await main();
