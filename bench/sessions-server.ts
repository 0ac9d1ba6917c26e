/**
 * The server process the sessions benchmark measures: buildApp on 127.0.0.1:0 with the directories given in
 * the environment (CUI_HOME, CLAUDE_CONFIG_DIR, CUI_BENCH_TOKEN). Prints `LISTENING <port>` once listening;
 * closes on SIGTERM or when stdin ends.
 */
import inspector from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from '../server/src/app';

const app = await buildApp({
  cuiHome: process.env.CUI_HOME,
  claudeConfigDir: process.env.CLAUDE_CONFIG_DIR,
  token: process.env.CUI_BENCH_TOKEN,
  logLevel: 'warn',
  // Bundled next to this file by bench/server-process.ts; CUI_BENCH_IN_THREAD=1 measures the in-thread indexer.
  indexWorkerScript: process.env.CUI_BENCH_IN_THREAD === '1' ? undefined : fileURLToPath(new URL('./index-worker.mjs', import.meta.url)),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`LISTENING ${address.port}\n`);

let closing = false;
const close = (): void => {
  if (closing) return;
  closing = true;
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', close);
process.stdin.on('end', close);
process.stdin.resume();

// CUI_BENCH_MEMORY=1: the process's memory by kind every 2 s on stderr (what a resident-set figure is made of).
if (process.env.CUI_BENCH_MEMORY === '1') {
  setInterval(() => {
    const m = process.memoryUsage();
    const h = v8.getHeapStatistics();
    const mb = (n: number): string => (n / 1048576).toFixed(0);
    process.stderr.write(`MEMORY rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} heapPhysical ${mb(h.total_physical_size)} v8Malloced ${mb(h.malloced_memory)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}\n`);
  }, 2000).unref();
}

// CUI_BENCH_GC_SIGNAL=1: SIGUSR2 runs a last-resort (memory-reducing) full GC, to see what the heap gives back.
if (process.env.CUI_BENCH_GC_SIGNAL === '1' && !process.env.CUI_BENCH_ALLOC_PROFILE) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: object) => void;
  process.on('SIGUSR2', () => {
    const t = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    process.stderr.write(`GC last-resort took ${(performance.now() - t).toFixed(0)} ms\n`);
  });
}

// CUI_BENCH_ALLOC_PROFILE=<s>: SIGUSR2 samples what is allocated (garbage included) for that many seconds and prints the
// biggest allocation sites (functions of the bundle) on stderr.
if (process.env.CUI_BENCH_ALLOC_PROFILE) {
  const seconds = Number(process.env.CUI_BENCH_ALLOC_PROFILE);
  process.on('SIGUSR2', () => void (async () => {
    const session = new inspector.Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    const sites = new Map<string, number>();
    const walk = (node: inspector.HeapProfiler.SamplingHeapProfileNode, stack: string[]): void => {
      const frame = `${node.callFrame.functionName || '(anon)'}:${node.callFrame.lineNumber + 1}`;
      const path = [...stack, frame].slice(-5);
      if (node.selfSize > 0) sites.set(path.join(' < '), (sites.get(path.join(' < ')) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child, path);
    };
    walk(profile.head, []);
    const total = [...sites.values()].reduce((a, b) => a + b, 0);
    process.stderr.write(`ALLOC ${(total / 1048576).toFixed(1)} MB in ${seconds} s\n`);
    for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stderr.write(`ALLOC ${(bytes / 1048576).toFixed(2)} MB ${site}\n`);
  })());
}
