/**
 * The server's resident set through a day's use of a large history (issue 28 point 5). On a generated corpus with an
 * empty CUI_HOME (the bundled server as `npm start` runs it, its CLI pointed at the fake model): the first index and
 * the search catch-up, then `--minutes` of scripted use (list pages, conversation windows and searches, one request
 * after another, while runs of the real CLI stream one after another), then `--idle` seconds with nothing asked.
 * Reads VmRSS and VmHWM (the peak) from /proc at the end of each phase.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/memory.ts [--sessions 10000] [--minutes 10] [--idle 60]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WORDS } from './corpus-lines';
import { ensureCorpus } from './generate-corpus';
import { runLoop, startRunServer } from './run-loop';
import { searchBacklog } from './search-backlog';
import { BENCH_ROOT, get } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, minutes: { type: 'string', default: '10' }, idle: { type: 'string', default: '60' } } });
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

/** VmRSS and VmHWM of a process, in MiB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const until = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  ensureCorpus(corpus, sessions);
  const { server, cuiHome, work, close } = await startRunServer(corpus, process.env.CUI_BENCH_MEMORY ? { CUI_BENCH_MEMORY: process.env.CUI_BENCH_MEMORY } : {});
  const pid = server.child.pid as number;
  const rows: string[] = [];
  const note = (phase: string, started: number): void => {
    const m = memory(pid);
    rows.push(`| ${phase} | ${((performance.now() - started) / 1000).toFixed(0)} s | ${m.rss.toFixed(0)} MiB | ${m.peak.toFixed(0)} MiB |`);
    console.error(rows.at(-1));
  };
  const t0 = performance.now();
  note('listening', t0);
  await get(server, '/api/conversations?limit=20&sortBy=updated&order=asc');
  note('whole first index', t0);
  const backlog = searchBacklog(cuiHome);
  await backlog.caughtUp();
  backlog.close();
  note('search caught up', t0);

  const runs = runLoop(server, work);
  const use = performance.now();
  let requests = 0;
  for (let i = 0; performance.now() - use < Number(values.minutes) * 60_000; i++) {
    const offset = (i * 37) % Math.max(1, sessions - 20);
    const page = (await get(server, `/api/conversations?limit=20&offset=${offset}&sortBy=updated&order=desc`)) as { conversations: { sessionId: string }[] };
    const sessionId = page.conversations[i % page.conversations.length]?.sessionId;
    if (sessionId) await get(server, `/api/conversations/${sessionId}?limit=50`);
    const word = WORDS[i % WORDS.length] ?? 'parser';
    await get(server, `/api/search?q=${encodeURIComponent(i % 3 === 0 ? `${word}${i % 80}` : word)}&limit=20`);
    requests += 3;
    await until(100);
  }
  note(`${values.minutes} minutes of use (${requests} requests, ${runs.runs()} runs)`, use);
  await runs.stop();
  const idle = performance.now();
  await until(Number(values.idle) * 1000);
  note(`${values.idle} s idle`, idle);
  await close();

  const text = [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end.`,
    '',
    '| phase (its end) | took | resident set (VmRSS) | peak so far (VmHWM) |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `memory-${sessions}.md`), `${text}\n`);
  console.log(text);
}

await main();
