import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogBuffer } from '../../platform/log-buffer';
import { createLogStreamHub } from './log-stream';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(hub: ReturnType<typeof createLogStreamHub>): Promise<string> {
  const server = http.createServer((_request, response) => hub.open(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    hub.closeAll();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Collects the text of a streaming response until `until` holds for it. */
async function readUntil(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  return text;
}

function write(buffer: ReturnType<typeof createLogBuffer>, line: string): void {
  buffer.stream.write(`${line}\n`);
}

describe('log stream hub', () => {
  it('sends each new line as a data line and heartbeats as comments', async () => {
    const logBuffer = createLogBuffer();
    const hub = createLogStreamHub({ logBuffer, heartbeatMs: 20 });
    const response = await fetch(await serve(hub));
    write(logBuffer, '{"level":"info","msg":"hello"}');
    const text = await readUntil(response, (t) => t.includes(': heartbeat\n\n') && t.includes('hello'));
    expect(text.startsWith(': connected\n\n')).toBe(true);
    expect(text).toContain('data: {"level":"info","msg":"hello"}\n\n');
    const dataLines = text.split('\n').filter((line) => line.startsWith('data: '));
    expect(dataLines).toEqual(['data: {"level":"info","msg":"hello"}']);
  });

  it('does not replay lines logged before the client connected', async () => {
    const logBuffer = createLogBuffer();
    write(logBuffer, 'before');
    const hub = createLogStreamHub({ logBuffer, heartbeatMs: 10_000 });
    const response = await fetch(await serve(hub));
    write(logBuffer, 'after');
    const text = await readUntil(response, (t) => t.includes('after'));
    expect(text).not.toContain('before');
  });

  it('ends every stream on closeAll and releases its subscriptions', async () => {
    const logBuffer = createLogBuffer();
    const hub = createLogStreamHub({ logBuffer });
    const url = await serve(hub);
    const responses = await Promise.all([fetch(url), fetch(url)]);
    expect(hub.size()).toBe(2);
    expect(logBuffer.subscriberCount()).toBe(2);
    hub.closeAll();
    for (const response of responses) await response.text();
    expect(hub.size()).toBe(0);
    expect(logBuffer.subscriberCount()).toBe(0);
  });
});
