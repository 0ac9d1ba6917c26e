/**
 * Follow-up latency: a message sent to a finished conversation, as the web sends it (POST /api/conversations/start
 * with `resumedSessionId`), until the first event on its stream and until the first `assistant` event. The real
 * pinned CLI against the scripted fake model (echo scenario); each follow-up continues the session the previous
 * one opened, as a user following up turn after turn.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/follow-up-latency.ts [follow-ups=10] [think-ms=2000] [--cold]
 *
 * `--cold` turns the standby CLIs off (runs/standby-pool.ts): every follow-up spawns its CLI, as before them.
 * `think-ms` is the user's time between seeing the answer and sending the next message (reading, typing); the
 * console may use it to get the next CLI ready. One unmeasured first run starts the conversation.
 */
import path from 'node:path';
import { StartConversationResponse } from '@cui/contract';
import { startFakeAnthropic } from '../fake-model/index';
import { makeRepo } from '../fake-model/test-support';
import { startTestServer, type TestServer } from '../server/test/helpers';
import { ms, stats } from './bench-stats';
import { readRunStream, type StreamTimes } from './run-stream';

interface Sample extends StreamTimes {
  startMs: number;
  sessionId: string;
}

async function send(server: TestServer, repo: string, prompt: string, resumedSessionId?: string): Promise<Sample> {
  const t0 = performance.now();
  const response = await server.api('/api/conversations/start', {
    method: 'POST',
    body: JSON.stringify({ workingDirectory: repo, initialPrompt: prompt, ...(resumedSessionId ? { resumedSessionId } : {}) }),
  });
  if (!response.ok) throw new Error(`start failed: ${response.status} ${await response.text()}`);
  const { streamingId, sessionId } = StartConversationResponse.parse(await response.json());
  const startMs = performance.now() - t0;
  return { startMs, sessionId, ...(await readRunStream(server, streamingId, t0)) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--cold');
  const followUps = Number(args[0] ?? 10);
  const thinkMs = Number(args[1] ?? 2000);
  const cold = process.argv.includes('--cold');
  const fake = await startFakeAnthropic();
  const server = await startTestServer({ anthropicBaseUrl: fake.url, logLevel: 'warn', runOptions: { standby: { enabled: !cold } } });
  try {
    const repo = makeRepo(path.join(server.dirs.work, 'bench-repo'));
    let { sessionId } = await send(server, repo, 'benchmark hello');
    const samples: Sample[] = [];
    for (let n = 1; n <= followUps; n++) {
      await new Promise((resolve) => setTimeout(resolve, thinkMs));
      const sample = await send(server, repo, `benchmark follow-up ${n}`, sessionId);
      samples.push(sample);
      sessionId = sample.sessionId;
      console.log(`follow-up ${String(n).padStart(2)}  start ${ms(sample.startMs)}  first event ${ms(sample.firstEventMs)}  first assistant ${ms(sample.firstAssistantMs)}`);
    }
    for (const key of ['startMs', 'firstEventMs', 'firstAssistantMs'] as const) {
      const s = stats(samples.map((sample) => sample[key]));
      console.log(`${key.padEnd(18)} median ${ms(s.median)}  p95 ${ms(s.p95)}  (n=${s.n})`);
    }
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
