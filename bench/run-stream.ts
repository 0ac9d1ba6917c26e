/** Reads a run's NDJSON stream to its end, timing the first event after `connected` and the first `assistant`. */
import type { TestServer } from '../server/test/helpers';

export interface StreamTimes {
  firstEventMs: number;
  firstAssistantMs: number;
}

/** Times are measured from `t0` (a `performance.now()` value); resolves when the stream ends (the run closed). */
export async function readRunStream(server: TestServer, streamingId: string, t0: number): Promise<StreamTimes> {
  const stream = await server.api(`/api/stream/${streamingId}`);
  if (!stream.body) throw new Error('no stream body');
  let firstEventMs = 0;
  let firstAssistantMs = 0;
  let partial = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream.body) {
    const lines = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line || line.startsWith(':')) continue;
      const type = (JSON.parse(line) as { type: string }).type;
      const at = performance.now() - t0;
      if (type !== 'connected' && !firstEventMs) firstEventMs = at;
      if (type === 'assistant' && !firstAssistantMs) firstAssistantMs = at;
    }
  }
  return { firstEventMs, firstAssistantMs };
}
