import fs from 'node:fs';
import path from 'node:path';
import { ConversationDetails } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDirs, startTestServer, type TestServer } from './helpers';
import { writeSession } from './sessions-fixtures';

/** Huge sessions in windows (issue 11 §2): newest first, cheap whatever the length, tiling the conversation. */

const TURNS = 25_000; // 50,000 messages
let server: TestServer;
let sessionId: string;
let filePath: string;
let full: { bytes: number; uuids: string[] };

async function details(query: string): Promise<{ bytes: number; ms: number; body: ConversationDetails }> {
  const started = performance.now();
  const response = await server.api(`/api/conversations/${sessionId}${query}`);
  const text = await response.text();
  const ms = performance.now() - started;
  expect(response.status, text.slice(0, 200)).toBe(200);
  return { bytes: Buffer.byteLength(text), ms, body: ConversationDetails.parse(JSON.parse(text)) };
}

beforeAll(async () => {
  const dirs = makeTestDirs();
  const session = writeSession(path.join(dirs.claudeConfigDir, 'projects'), { cwd: '/work/huge', prompt: 'the first prompt', startMinute: 0, turns: TURNS });
  server = await startTestServer({ dirs });
  sessionId = session.sessionId;
  filePath = session.filePath;
  const whole = await details('');
  full = { bytes: whole.bytes, uuids: whole.body.messages.map((m) => m.uuid) };
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('conversation details in windows', () => {
  it('serves the newest window of a 50,000-message session in under 200 ms, a small fraction of the whole', async () => {
    expect(full.uuids).toHaveLength(2 * TURNS);
    const first = await details('?limit=200');
    expect(first.ms).toBeLessThan(200);
    expect(first.bytes).toBeLessThan(full.bytes / 100);
    expect(first.body.messages.map((m) => m.uuid)).toEqual(full.uuids.slice(-200));
    expect(first.body.window?.before).toBeGreaterThan(0);
    expect(first.body.summary).toBe('the first prompt');
  });

  it('tiles the whole conversation with windows, without gap or duplicate, down to a null cursor', async () => {
    const windows: string[][] = [];
    let before: number | null | undefined;
    do {
      const { body } = await details(`?limit=4000${before === undefined ? '' : `&before=${before}`}`);
      windows.unshift(body.messages.map((m) => m.uuid));
      before = body.window?.before;
      expect(before).not.toBeUndefined();
    } while (before !== null && windows.length < 100);
    expect(windows).toHaveLength(Math.ceil((2 * TURNS) / 4000));
    expect(windows.flat()).toEqual(full.uuids);
  });

  it('reaches back to a message named by `through` (a search hit deep in the session), then tiles on from its cursor', async () => {
    const target = full.uuids[1234] as string;
    const { body } = await details(`?limit=50&through=${target}`);
    const uuids = body.messages.map((m) => m.uuid);
    expect(uuids).toContain(target);
    expect(uuids).toEqual(full.uuids.slice(full.uuids.length - uuids.length));
    expect(uuids.length).toBeLessThan(full.uuids.length - 1234 + 50);
    const older = await details(`?limit=50&before=${body.window?.before}`);
    expect(older.body.messages.map((m) => m.uuid)).toEqual(full.uuids.slice(full.uuids.length - uuids.length - 50, full.uuids.length - uuids.length));
    expect((await details('?limit=50&through=00000000-0000-4000-8000-000000000000')).body.messages).toHaveLength(full.uuids.length);
  });

  it('leaves out a last line still being written', async () => {
    fs.appendFileSync(filePath, '{"parentUuid":"x","type":"user","message":{"role":"us');
    const { body } = await details('?limit=2');
    expect(body.messages.map((m) => m.uuid)).toEqual(full.uuids.slice(-2));
  });

  it('rejects bad window parameters with 400 validation.failed', async () => {
    for (const query of ['?limit=0', '?limit=5001', '?limit=abc', '?before=10', '?limit=10&before=-1', '?through=abc']) {
      const response = await server.api(`/api/conversations/${sessionId}${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('validation.failed');
    }
  });
});
