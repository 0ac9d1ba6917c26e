/**
 * Search latency while a run streams and the index catches up (issue 28 point 3). On a generated corpus (hard-linked
 * into a scratch CLAUDE_CONFIG_DIR, so the runs' transcripts never land in it), starts the bundled server with an
 * empty CUI_HOME, waits for the first list page, then keeps one run of the real CLI streaming against the fake model
 * (its `slow` scenario: a word every 250 ms, run after run) while it searches: one search every 150 ms through the
 * whole catch-up of the search index (cycling through `--queries` distinct queries), then each of them once more on
 * the finished index. Each sample notes whether the search index was still catching up (read by a second SQLite
 * reader) and whether a run was streaming. Prints medians and p95 by kind, and the server's peak and current resident set.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/search-during-run.ts [--sessions 10000] [--queries 240]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ms, stats } from './bench-stats';
import { WORDS } from './corpus-lines';
import { ensureCorpus } from './generate-corpus';
import { runLoop, startRunServer } from './run-loop';
import { searchBacklog } from './search-backlog';
import { BENCH_ROOT, get, procStats } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, queries: { type: 'string', default: '240' } } });
const sessions = Number(values.sessions);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);
/** The pause between two searches while the index catches up. */
const PACE_MS = 150;

/** A seeded generator, so that every run of the bench asks the same queries. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** At least `count` distinct queries of seven kinds, built from the corpus's own vocabulary (bench/corpus-lines.ts). */
function queries(count: number): { kind: string; q: string }[] {
  const random = seeded(28);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const long = WORDS.filter((w) => w.length >= 4);
  const makers: [string, () => string][] = [
    ['word', () => pick(long)],
    ['two words', () => `${pick(long)} ${pick(long)}`],
    ['identifier', () => `${pick(long)}${Math.floor(random() * 80)}`],
    ['call', () => `${pick(long)}(${Math.floor(random() * 999)}`],
    ['substring', () => {
      const word = pick(long);
      const from = Math.floor(random() * (word.length - 3));
      return word.slice(from, from + 3 + Math.floor(random() * (word.length - from - 2)));
    }],
    ['word and short token', () => `${pick(long)} ${Math.floor(random() * 99)}`],
    ['no match', () => `zq${Math.floor(random() * 1e6).toString(36)}x`],
    ['under 3 characters', () => pick(['ca', 'lo', 'fi', 'st', 'qu', 'er', 'in', 'up', 'de', 'mi'])],
  ];
  const seen = new Set<string>();
  const out: { kind: string; q: string }[] = [];
  for (let i = 0; out.length < count && i < count * 50; i++) {
    const [kind, make] = makers[i % makers.length] as [string, () => string];
    const q = make();
    if (seen.has(q)) continue;
    seen.add(q);
    out.push({ kind, q });
  }
  return out;
}

async function main(): Promise<void> {
  ensureCorpus(corpus, sessions);
  const { server, cuiHome, work, close } = await startRunServer(corpus);
  const started = performance.now();
  await get(server, '/api/conversations?limit=20&sortBy=updated&order=desc');
  const firstPage = performance.now() - started;
  const backlog = searchBacklog(cuiHome);
  const runs = runLoop(server, work);
  await runs.firstWord;
  const samples: { kind: string; ms: number; catchingUp: boolean; streaming: boolean }[] = [];
  const ask = async ({ kind, q }: { kind: string; q: string }): Promise<void> => {
    const catchingUp = backlog.behind() > 0;
    const streaming = runs.streaming();
    const t0 = performance.now();
    await get(server, `/api/search?q=${encodeURIComponent(q)}&limit=20&archived=false&hasContinuation=false`);
    samples.push({ kind, ms: performance.now() - t0, catchingUp, streaming });
  };
  const list = queries(Number(values.queries));
  // Through the whole catch-up, a search every PACE_MS (the index fills meanwhile), then every query once more on the
  // finished index, runs still streaming.
  for (let i = 0; backlog.behind() > 0; i++) {
    await ask(list[i % list.length] as { kind: string; q: string });
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  for (const query of list) await ask(query);
  const searchesEnded = performance.now() - started;
  const memory = procStats(server.child.pid as number);
  const rssNow = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  await runs.stop();
  backlog.close();
  await close();

  const line = (name: string, chosen: typeof samples): string => {
    if (chosen.length === 0) return `| ${name} | — |`;
    const s = stats(chosen.map((x) => x.ms));
    return `| ${name} | ${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)} (${s.n}) |`;
  };
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const text = [
    `${sessions} sessions; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) at the end; first list page ${ms(firstPage)} after listening; searches ended ${ms(searchesEnded)} after listening; ${runs.runs()} runs started.`,
    '',
    '| searches | median / p95 / max (n) |',
    '|---|---|',
    line('every query', samples),
    line('while a run streamed', samples.filter((s) => s.streaming)),
    line('while the index caught up', samples.filter((s) => s.catchingUp)),
    line('while both', samples.filter((s) => s.streaming && s.catchingUp)),
    line('the finished index, a run streaming', samples.filter((s) => s.streaming && !s.catchingUp)),
    ...kinds.map((kind) => line(`— ${kind}`, samples.filter((s) => s.kind === kind))),
    '',
    `Server resident set: peak ${memory.peakRssMb.toFixed(0)} MiB, ${rssNow.toFixed(0)} MiB when the searches ended.`,
  ].join('\n');
  fs.mkdirSync(path.join(BENCH_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(BENCH_ROOT, 'bench', 'results', `search-during-run-${sessions}.md`), `${text}\n`);
  console.log(text);
}

await main();
