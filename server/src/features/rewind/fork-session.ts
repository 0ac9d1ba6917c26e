import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The Agent SDK's `forkSession` (a copy of a transcript up to a message, fresh uuids, no model call). It finds
 * transcripts through `CLAUDE_CONFIG_DIR` in `process.env` and takes no option for it, while the console's config
 * folder comes from its options: so it runs in a worker thread whose own `process.env` names that folder (the
 * server's environment is never changed). A worker ends with the server, so no process outlives it.
 */
export type ForkSession = (sessionId: string, options: { dir: string; upToMessageId: string; claudeConfigDir: string }) => Promise<{ sessionId: string }>;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.sdkUrl)
  .then((sdk) => sdk.forkSession(workerData.sessionId, { dir: workerData.dir, upToMessageId: workerData.upToMessageId }))
  .then((result) => parentPort.postMessage({ sessionId: result.sessionId }), (error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

export const forkSessionInWorker: ForkSession = (sessionId, options) => {
  const sdkUrl = pathToFileURL(createRequire(import.meta.url).resolve('@anthropic-ai/claude-agent-sdk')).href;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { sdkUrl, sessionId, dir: options.dir, upToMessageId: options.upToMessageId },
    env: { ...process.env, CLAUDE_CONFIG_DIR: options.claudeConfigDir },
  });
  return new Promise<{ sessionId: string }>((resolve, reject) => {
    worker.once('message', (answer: { sessionId?: string; error?: string }) => {
      if (answer.sessionId) resolve({ sessionId: answer.sessionId });
      else reject(new Error(answer.error ?? 'the fork gave no session'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the fork's worker ended (${code})`)));
  }).finally(() => void worker.terminate());
};
