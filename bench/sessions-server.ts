/**
 * The server process the sessions benchmark measures: buildApp on 127.0.0.1:0 with the directories given in
 * the environment (CUI_HOME, CLAUDE_CONFIG_DIR, CUI_BENCH_TOKEN). Prints `LISTENING <port>` once listening;
 * closes on SIGTERM or when stdin ends.
 */
import { fileURLToPath } from 'node:url';
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
    const mb = (n: number): string => (n / 1048576).toFixed(0);
    process.stderr.write(`MEMORY rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}\n`);
  }, 2000).unref();
}
