/** Runs of the real CLI against the fake model, one after another, for benchmarks that measure the server meanwhile. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeAnthropic } from '../fake-model/index';
import { BENCH_TOKEN, bundleServer, startServer, stopServer, type BenchServer } from './server-process';

export interface RunServer {
  server: BenchServer;
  cuiHome: string;
  /** A scratch folder the runs work in. */
  work: string;
  close(): Promise<void>;
}

/**
 * The bundled server on a corpus with an empty CUI_HOME, its CLI pointed at the fake model. The corpus is hard-linked
 * into a scratch CLAUDE_CONFIG_DIR, so the runs' transcripts never land in it.
 */
export async function startRunServer(corpus: string, env: Record<string, string> = {}, bundle?: string): Promise<RunServer> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-runs-'));
  const config = path.join(scratch, 'claude');
  execFileSync('cp', ['-al', corpus, config]);
  const cuiHome = path.join(scratch, 'cui');
  const work = path.join(scratch, 'work');
  fs.mkdirSync(work);
  const fake = await startFakeAnthropic();
  const server = await startServer(bundle ?? (await bundleServer()), {
    cuiHome, corpus: config,
    env: { ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: 'sk-test', DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', HOME: scratch, ...env },
  });
  return { server, cuiHome, work, close: async () => {
    await stopServer(server);
    await fake.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  } };
}

export async function post(server: BenchServer, url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST', headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Runs `slow` conversations one after another until `stop()`; `streaming()` says whether one is between its first and last word. */
export function runLoop(server: BenchServer, workingDirectory: string): { streaming: () => boolean; firstWord: Promise<void>; stop: () => Promise<void>; runs: () => number } {
  let stopped = false;
  let live = false;
  let count = 0;
  let wordSeen: () => void = () => undefined;
  const firstWord = new Promise<void>((resolve) => (wordSeen = resolve));
  const loop = (async () => {
    while (!stopped) {
      const { streamingId } = (await post(server, '/api/conversations/start', { workingDirectory, initialPrompt: 'slow please' })) as { streamingId: string };
      count += 1;
      const response = await fetch(`http://127.0.0.1:${server.port}/api/stream/${streamingId}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
      const decoder = new TextDecoder();
      for await (const chunk of response.body ?? []) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        if (text.includes('"assistant_delta"') || text.includes('"assistant"')) {
          live = true;
          wordSeen();
        }
        if (text.includes('"result"')) live = false;
      }
      live = false;
    }
  })();
  return { streaming: () => live, firstWord, runs: () => count, stop: async () => {
    stopped = true;
    await loop;
  } };
}

