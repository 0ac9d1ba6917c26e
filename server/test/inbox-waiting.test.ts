import fs from 'node:fs';
import path from 'node:path';
import { WaitingPermissionsEvent, type WaitingPermission } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import type { TestServer } from './helpers';
import { openStream, postJson, startOk, useRunServer } from './runs-support';

/** The "needs you" inbox with the real pinned CLI against the fake model: two runs wait for an Edit approval. */

const ctx = useRunServer();

interface InboxReader {
  /** Every list received so far, in order. */
  lists: WaitingPermission[][];
  /** Waits for a list matching `predicate`, received after the one the previous call matched. */
  next(predicate: (list: WaitingPermission[]) => boolean): Promise<WaitingPermission[]>;
  close(): void;
}

/** Opens GET /api/permissions/waiting through TestServer.api, so every line is checked against the contract. */
async function openInbox(server: TestServer): Promise<InboxReader> {
  const controller = new AbortController();
  const response = await server.api('/api/permissions/waiting', { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/x-ndjson');
  const lists: WaitingPermission[][] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let partial = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const parts = (partial + value).split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts.filter((l) => l && !l.startsWith(':'))) lists.push(WaitingPermissionsEvent.parse(JSON.parse(line)).permissions);
        for (const wake of [...waiters]) wake();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  const next = (predicate: (list: WaitingPermission[]) => boolean) =>
    new Promise<WaitingPermission[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching inbox list; got ${JSON.stringify(lists.map((l) => l.map((p) => p.toolName)))}`)), 60_000);
      const check = () => {
        const index = lists.findIndex((list, i) => i >= cursor && predicate(list));
        const found = lists[index];
        if (!found) return;
        cursor = index + 1;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  return { lists, next, close: () => controller.abort() };
}

const ids = (list: WaitingPermission[]) => list.map((p) => p.id).sort();

describe('waiting permissions (the "needs you" inbox)', () => {
  it('lists the requests of two runs live; a decided one and an ended run\'s one leave the list', async () => {
    const inbox = await openInbox(ctx.server);
    expect(await inbox.next((list) => list.length === 0)).toEqual([]);

    const first = ctx.newRepo('inbox-one');
    const second = ctx.newRepo('inbox-two');
    const runA = await startOk(ctx.server, { workingDirectory: first, initialPrompt: 'fix the typo in hello.txt' });
    const runB = await startOk(ctx.server, { workingDirectory: second, initialPrompt: 'fix the typo in hello.txt please' });
    const both = await inbox.next((list) => list.length === 2);
    const a = both.find((p) => p.streamingId === runA.streamingId);
    const b = both.find((p) => p.streamingId === runB.streamingId);
    expect(a).toMatchObject({ sessionId: runA.sessionId, toolName: 'Edit', summary: 'hello.txt', sessionTitle: 'fix the typo in hello.txt' });
    expect(b).toMatchObject({ sessionId: runB.sessionId, toolName: 'Edit', summary: 'hello.txt' });
    expect(Date.parse(a!.timestamp)).not.toBeNaN();
    expect(Object.keys(a!)).not.toContain('toolInput');

    // A page opened now gets the same list at once.
    const late = await openInbox(ctx.server);
    expect(ids(await late.next(() => true))).toEqual(ids(both));
    late.close();

    const streamA = await openStream(ctx.server, runA.streamingId);
    expect((await postJson(ctx.server, `/api/permissions/${a!.id}/decision`, { action: 'approve' })).status).toBe(200);
    expect(ids(await inbox.next((list) => list.length === 1))).toEqual([b!.id]);
    await streamA.ended;
    expect(fs.readFileSync(path.join(first, 'hello.txt'), 'utf8')).toBe('hello world\n');

    expect((await postJson(ctx.server, `/api/conversations/${runB.streamingId}/stop`)).status).toBe(200);
    await inbox.next((list) => list.length === 0);
    expect(fs.readFileSync(path.join(second, 'hello.txt'), 'utf8')).toBe('helo wrld\n');
    // Each change is one line: no repeated list when the approved run then ended.
    expect(inbox.lists.map((list) => list.length)).toEqual([0, 1, 2, 1, 0]);
    inbox.close();
  });
});
