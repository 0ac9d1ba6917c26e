/**
 * Run start latency: POST /api/conversations/start → first stream event, against the scripted fake model.
 * The real pinned CLI is spawned for every run (echo scenario), exactly as in production.
 *
 *   npx tsx bench/start-latency.ts [runs=10]
 *
 * Prints, per measured run and as median / p95:
 * - start: until the start call answered (it waits for the CLI's system/init);
 * - first event: until the first event after `connected` arrived on the stream (system_init);
 * - first assistant: until the model's first reply arrived on the stream.
 * One unmeasured warm-up run first (its figures are printed as "cold").
 * For reference, each run is paired with the bare CLI (`claude -p … --output-format stream-json`, spawned
 * directly) timed to its first stdout line (system/init): the difference is the console's own overhead.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { StartConversationResponse } from '@cui/contract';
import { startFakeAnthropic } from '../fake-model/index';
import { CLAUDE_BIN, makeRepo } from '../fake-model/test-support';
import { startTestServer, testChildEnv, type TestServer } from '../server/test/helpers';
import { readRunStream } from './run-stream';

interface Sample {
  startMs: number;
  firstEventMs: number;
  firstAssistantMs: number;
  bareCliFirstLineMs: number;
}

/** The bare CLI, spawned directly: ms until its first stdout line. Killed (whole group) right after. */
function bareCliFirstLine(server: TestServer, repo: string, fakeUrl: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(CLAUDE_BIN, ['-p', 'benchmark bare hello', '--output-format', 'stream-json', '--verbose'], {
    cwd: repo,
    env: { ...process.env, ...testChildEnv(server.dirs, fakeUrl) },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', () => {
      resolve(performance.now() - t0);
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    });
  });
}

async function measure(server: TestServer, repo: string, n: number, fakeUrl: string): Promise<Sample> {
  const bareCliFirstLineMs = await bareCliFirstLine(server, repo, fakeUrl);
  const t0 = performance.now();
  const response = await server.api('/api/conversations/start', {
    method: 'POST',
    body: JSON.stringify({ workingDirectory: repo, initialPrompt: `benchmark hello ${n}` }),
  });
  if (!response.ok) throw new Error(`start failed: ${response.status} ${await response.text()}`);
  const { streamingId } = StartConversationResponse.parse(await response.json());
  const startMs = performance.now() - t0;
  const { firstEventMs, firstAssistantMs } = await readRunStream(server, streamingId, t0);
  return { startMs, firstEventMs, firstAssistantMs, bareCliFirstLineMs };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

const fmt = (ms: number): string => `${Math.round(ms)} ms`;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 10);
  const fake = await startFakeAnthropic();
  const server = await startTestServer({ anthropicBaseUrl: fake.url, logLevel: 'warn' });
  try {
    const repo = makeRepo(path.join(server.dirs.work, 'bench-repo'));
    const cold = await measure(server, repo, 0, fake.url);
    console.log(`cold   start ${fmt(cold.startMs)}  first event ${fmt(cold.firstEventMs)}  first assistant ${fmt(cold.firstAssistantMs)}  bare CLI ${fmt(cold.bareCliFirstLineMs)}`);
    const samples: Sample[] = [];
    for (let n = 1; n <= runs; n++) {
      const sample = await measure(server, repo, n, fake.url);
      samples.push(sample);
      console.log(`run ${String(n).padStart(2)} start ${fmt(sample.startMs)}  first event ${fmt(sample.firstEventMs)}  first assistant ${fmt(sample.firstAssistantMs)}  bare CLI ${fmt(sample.bareCliFirstLineMs)}`);
    }
    for (const key of ['startMs', 'firstEventMs', 'firstAssistantMs', 'bareCliFirstLineMs'] as const) {
      const values = samples.map((s) => s[key]);
      console.log(`${key.padEnd(18)} median ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}  (n=${values.length})`);
    }
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
