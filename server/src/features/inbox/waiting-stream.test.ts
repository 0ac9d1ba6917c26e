import http from 'node:http';
import { WaitingPermissionsEvent, type WaitingPermission } from '@cui/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocal } from '../../../test/local-server';
import type { WaitingList } from './waiting-list';
import { createWaitingStreamHub } from './waiting-stream';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A list the test changes by hand. */
function handList() {
  let waiting: WaitingPermission[] = [];
  const listeners = new Set<(w: WaitingPermission[]) => void>();
  const list: WaitingList = {
    current: () => waiting,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
  const set = (next: WaitingPermission[]) => {
    waiting = next;
    for (const listener of listeners) listener(next);
  };
  return { list, set, listeners };
}

const item = (id: string): WaitingPermission => ({ id, streamingId: 'run', sessionTitle: 't', toolName: 'Edit', summary: 'x', timestamp: '2026-11-22T20:00:00.000Z' });

async function serve(hub: ReturnType<typeof createWaitingStreamHub>): Promise<string> {
  const local = await listenLocal(http.createServer((_request, response) => hub.open(response, { 'x-kept': 'yes' })));
  closers.push(async () => {
    hub.closeAll();
    await local.close();
  });
  return `http://127.0.0.1:${local.port}`;
}

/** Reads lines of the response until `until` holds for them. */
async function linesUntil(reader: ReadableStreamDefaultReader<string>, seen: string[], until: (lines: string[]) => boolean): Promise<string[]> {
  let partial = '';
  while (!until(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    const parts = (partial + value).split('\n');
    partial = parts.pop() ?? '';
    seen.push(...parts);
  }
  return seen;
}

const events = (lines: string[]) => lines.filter((l) => !l.startsWith(':')).map((l) => WaitingPermissionsEvent.parse(JSON.parse(l)).permissions.map((p) => p.id));

describe('waiting stream hub', () => {
  it('sends the list at once, then on each change, with heartbeats, keeping the given headers', async () => {
    const hand = handList();
    hand.set([item('a')]);
    const hub = createWaitingStreamHub({ list: hand.list, heartbeatMs: 20 });
    const response = await fetch(await serve(hub));
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    expect(response.headers.get('x-kept')).toBe('yes');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const seen: string[] = [];
    await linesUntil(reader, seen, (lines) => lines.length >= 1);
    expect(events(seen)).toEqual([['a']]);
    hand.set([item('a'), item('b')]);
    hand.set([]);
    await linesUntil(reader, seen, (lines) => events(lines).length >= 3 && lines.some((l) => l === ': heartbeat'));
    expect(events(seen)).toEqual([['a'], ['a', 'b'], []]);
    await reader.cancel();
  });

  it('forgets a client that goes away and ends every stream on closeAll', async () => {
    const hand = handList();
    const hub = createWaitingStreamHub({ list: hand.list });
    const url = await serve(hub);
    const first = await fetch(url);
    const second = await fetch(url);
    expect(hub.size()).toBe(2);
    await first.body!.cancel();
    await expect.poll(() => hub.size()).toBe(1);
    hub.closeAll();
    expect(hub.size()).toBe(0);
    expect(hand.listeners.size).toBe(0);
    expect(await second.text()).toBe('{"type":"waiting","permissions":[]}\n');
  });
});
